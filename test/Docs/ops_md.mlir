// docs/ops.md must list every registered op with the status the tests prove.
// RUN: python3 %jx_src_root/scripts/gen_ops_md.py %jx_obj_root --check
