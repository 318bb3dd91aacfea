// jx.h - everything a jx user includes.
//
//   #include <jx/jx.h>
//   namespace jnp = jx::numpy;

#ifndef JX_JX_H
#define JX_JX_H

#include "jx/array.h"
#include "jx/control_flow.h"
#include "jx/custom.h"
#include "jx/dtype.h"
#include "jx/grad.h"
#include "jx/jaxpr.h"
#include "jx/jit.h"
#include "jx/load.h"
#include "jx/lax.h"
#include "jx/linalg.h"
#include "jx/nn.h"
#include "jx/numpy.h"
#include "jx/parallel.h"
#include "jx/random.h"
#include "jx/tree.h"
#include "jx/version.h"
#include "jx/vmap.h"

#endif // JX_JX_H
