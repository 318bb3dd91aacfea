// Tests scripts/check_fixture_outputs.py itself on a made-up fixture folder
// written by jax_outputs_selftest.py (programs jxc can run today).
// RUN: rm -rf %t && python3 %S/jax_outputs_selftest.py %t/fixtures
// RUN: python3 %jx_src_root/scripts/check_fixture_outputs.py jxc %t/fixtures --expect-fail-list %t/fixtures/expected_failures --work-dir %t/work > %t/out.txt; echo rc=$? >> %t/out.txt
// RUN: FileCheck %s < %t/out.txt
// RUN: python3 %jx_src_root/scripts/check_fixture_outputs.py jxc %t/fixtures --only exp_ok int_ok bf16_identity | FileCheck %s --check-prefix=CLEAN
// RUN: not python3 %jx_src_root/scripts/check_fixture_outputs.py jxc %t/fixtures --only nope 2>&1 | FileCheck %s --check-prefix=BADARG

// A bfloat16 input goes in as its bits and comes back unchanged, NaN included.
// CHECK: PASS bf16_identity
// CHECK-NEXT: PASS exp_listed (listed as an expected failure: remove it from the list)
// NaN where JAX has NaN matches.
// CHECK-NEXT: PASS exp_ok
// CHECK-NEXT: FAIL exp_wrong: out0: 1/6 elements outside rtol=1e-05 atol=1e-06; max abs err 0.0201 at [1, 2] (got 20.085537, want 20.105623); max rel err 0.000999 at [1, 2] (got 20.085537, want 20.105623)
// CHECK-NEXT: FAIL f8_listed (expected): jxc run exit 2: argument #0 has element type 'f8E4M3FN', not supported yet
// CHECK-NEXT: PASS int_ok
// CHECK-NEXT: FAIL int_wrong: out0: 1/2 elements differ (exact match required); first at [1]: got 4, want 5
// Schur vectors in other phases match once the phases are taken out; a
// Schur form that differs otherwise does not.
// CHECK-NEXT: PASS schur_phases
// CHECK-NEXT: FAIL schur_wrong: out0: 1/9 elements outside rtol=1e-05 atol=1e-06; max abs err 0.01 at [0, 2]
// CHECK-NEXT: 5/9 fixtures pass; 1 expected failures, 3 unexpected failures, 1 listed fixtures now pass
// CHECK-NEXT: error: exp_wrong fails and is not on the expected-failure list
// CHECK-NEXT: error: int_wrong fails and is not on the expected-failure list
// CHECK-NEXT: error: schur_wrong fails and is not on the expected-failure list
// CHECK-NEXT: error: exp_listed passes now: remove exp_listed from {{.*}}expected_failures
// CHECK-NEXT: error: {{.*}}expected_failures names no_such, which is not a fixture: remove it
// CHECK-NEXT: rc=1

// CLEAN: PASS bf16_identity
// CLEAN-NEXT: PASS exp_ok
// CLEAN-NEXT: PASS int_ok
// CLEAN-NEXT: 3/3 fixtures pass; 0 expected failures, 0 unexpected failures, 0 listed fixtures now pass

// BADARG: error: no fixture named nope
