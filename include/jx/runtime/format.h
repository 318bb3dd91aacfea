// format.h - host buffers as text, and text as host buffers: what jxc run
// and jx-run print, and the inline inputs they take.

#ifndef JX_RUNTIME_FORMAT_H
#define JX_RUNTIME_FORMAT_H

#include "jx/runtime/host_buffer.h"

#include <cstddef>
#include <string>

namespace jx::runtime {

/// The values as nested lists, one innermost row per line:
///   [[1, 2, 3],
///    [4, 5, 6]]
/// Floats in their shortest form that reads back exactly (f16/bf16 through
/// f32), complex as (re+imj), bool as true/false. An array of more than
/// `threshold` elements shows `edge` items at each end of every dimension,
/// with "..." between (as numpy does).
std::string format_values(const host_buffer &buffer, std::size_t threshold = 1000,
                          std::size_t edge = 3);

/// Parses an inline buffer as iree-run-module takes them: "2x3xf32=1 2 3 4 5
/// 6", "f32=1.5" (a scalar), "4xi32=7" (one value fills every element).
/// Element types: i1, i8, i16, i32, i64, ui8..ui64 (also si8..si64), f16,
/// bf16, f32, f64; values separated by spaces or commas (i1: 0/1 or
/// true/false). Throws std::invalid_argument naming what is wrong.
host_buffer parse_inline_buffer(const std::string &text);

/// An input as jxc run and jx-run take it: "@x.npy" or a path is a .npy
/// file, "2x3xf32=1 2 3 4 5 6" an inline buffer (parse_inline_buffer). A
/// path that exists wins over the inline form. Throws std::runtime_error or
/// std::invalid_argument naming the problem.
host_buffer read_input(const std::string &spec);

} // namespace jx::runtime

#endif // JX_RUNTIME_FORMAT_H
