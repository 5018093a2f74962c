/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for <linux/cfi_types.h>: SYM_TYPED_FUNC_START. */
#include <linux/linkage.h>
