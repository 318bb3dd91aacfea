// trace.h - internal: array implementation, trace frames and binding.
//
// bind() is the one door every primitive goes through: with a trace frame
// active it records an equation and returns tracers; with none it runs the
// primitive at once on concrete arrays (eager mode).

#ifndef JX_LIB_CORE_TRACE_H
#define JX_LIB_CORE_TRACE_H

#include "jx/jaxpr.h"

#include <functional>
#include <map>
#include <optional>
#include <type_traits>

namespace jx::core {

struct trace_frame;

struct tracer {
  trace_frame *frame;
  Var var;
};

struct array_impl {
  shaped_array aval;
  std::optional<runtime::host_buffer> value; // concrete arrays
  std::shared_ptr<const tracer> tracer;      // tracers
  bool literal = false; // a C++ scalar: written in place in jaxprs
  /// Set when the array was donated to a jit call (donate_argnums): its data
  /// is gone (`value` is empty) and any use throws; "jit(f)".
  std::shared_ptr<const std::string> donated_to;
};

/// Throws the error for using a donated array (`impl.donated_to` set), or
/// returns. `api` starts the message ("jx::Array").
void check_not_donated(const array_impl &impl, const std::string &api);

/// One jaxpr being built.
struct trace_frame {
  std::vector<Eqn> eqns;
  std::vector<Var> constvars;
  std::vector<runtime::host_buffer> consts;
  std::map<const array_impl *, Var> const_vars_of;
  std::vector<std::shared_ptr<const array_impl>> keep_alive;
  /// Tracers of enclosing frames that this frame's function closed over
  /// (grad inside jit, closing over a jit argument): each becomes a leading
  /// input of this frame's jaxpr, bound to the outer tracer by the caller.
  std::vector<Var> captured_vars;
  std::vector<Array> captured;
  std::map<const array_impl *, Var> captured_of;

  /// The atom standing for `a` in this frame's equations.
  Atom atom_of(const Array &a);
  Array new_tracer(const shaped_array &aval);
  Array tracer_for(const Var &v);
};

/// The innermost active frame, or null (eager mode).
trace_frame *current_frame();

/// Pushes a frame for its lifetime.
class frame_scope {
public:
  frame_scope();
  ~frame_scope();
  frame_scope(const frame_scope &) = delete;
  frame_scope &operator=(const frame_scope &) = delete;
  trace_frame &frame() { return frame_; }

private:
  trace_frame frame_;
};

/// Whether `f` is active on the frame stack (an enclosing trace).
bool frame_is_active(const trace_frame *f);

/// A traced function: its jaxpr's inputs are the captured values of
/// enclosing traces (`captured`, in order) followed by the arguments.
struct traced_jaxpr {
  ClosedJaxpr jaxpr;
  std::vector<Array> captured;
};
traced_jaxpr trace_with_captures(
    const std::function<std::vector<Array>(const std::vector<Array> &)> &f,
    const std::vector<shaped_array> &in_avals);

/// The abstract values of `xs` (weak types kept).
std::vector<shaped_array> avals_of(const std::vector<Array> &xs);

/// Applies `p` to `args`: traced or eager.
std::vector<Array> bind(const primitive &p, const std::vector<Array> &args,
                        params_t params = {});
Array bind1(const primitive &p, const std::vector<Array> &args,
            params_t params = {});

/// Runs `p` on concrete arrays through a cached one-equation executable.
std::vector<Array> eager_apply(const primitive &p,
                               const std::vector<Array> &args,
                               const params_t &params);

/// "(2, 3)" as Python prints a shape tuple.
std::string shape_str(const shape_t &s);

/// Why `aval` cannot exist, or "" when it can: a negative dimension, or an
/// element count or size in bytes beyond an int64 ("shape (4294967296,
/// 4294967296, 4294967296) has more than 2^63 - 1 elements").
std::string shape_problem(const shaped_array &aval);
/// Throws jx::error "<api>: <shape_problem>" when there is one. Every
/// abstract value a jaxpr holds is checked (new_var, naming the primitive
/// being bound), so every op rejects such shapes at trace time, eagerly and
/// under jit, before any code is generated.
void check_shape(const std::string &api, const shaped_array &aval);

/// A concrete array of `buffer`.
Array make_concrete(runtime::host_buffer buffer, bool weak_type,
                    bool literal = false);
/// 0-d host buffers holding `value` converted to `t` (lib/core/buffer.cpp):
/// integers never pass through double, so int64/uint64 values are exact.
runtime::host_buffer scalar_buffer_f64(double value, dtype t);
runtime::host_buffer scalar_buffer_i64(int64_t value, dtype t);
runtime::host_buffer scalar_buffer_u64(uint64_t value, dtype t);
/// The one of the three that fits `value`'s C++ type (bool is unsigned).
template <class T> runtime::host_buffer scalar_buffer(T value, dtype t) {
  if constexpr (std::is_integral_v<T> && std::is_unsigned_v<T>)
    return scalar_buffer_u64(value, t);
  else if constexpr (std::is_integral_v<T>)
    return scalar_buffer_i64(value, t);
  else
    return scalar_buffer_f64(static_cast<double>(value), t);
}
/// Element `i` of `b`, converted to double (complex: the real part).
double element_as_double(const runtime::host_buffer &b, int64_t i);
/// Element `i` of `b` as an integer: exact for every integer and bool dtype
/// (a C++ cast from the stored type); floats truncate, NaN gives 0 and
/// values beyond 64 bits saturate.
int64_t element_as_int64(const runtime::host_buffer &b, int64_t i);
uint64_t element_as_uint64(const runtime::host_buffer &b, int64_t i);
/// Element `i` of an integer or bool buffer in decimal, exactly: "-3",
/// "18446744073709551615", "True".
std::string integer_element_str(const runtime::host_buffer &b, int64_t i);
/// `b` with every element converted to `t`.
runtime::host_buffer convert_buffer(const runtime::host_buffer &b, dtype t);

} // namespace jx::core

#endif // JX_LIB_CORE_TRACE_H
