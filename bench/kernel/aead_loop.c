// SPDX-License-Identifier: GPL-2.0
/*
 * aead_loop.ko: the time of one rfc7539esp(chacha20,poly1305) request,
 * for scripts/bench-kernel-ab.sh.  For each length and way (sealed out of
 * place, sealed in place, opened out of place, and opened in place then
 * sealed again, as a pair, since an open in place leaves the plaintext),
 * @iters requests back to back, timed with ktime_get(), best of @runs;
 * one line each:
 *
 *   sc-aead-loop: DRIVER seal-oop 64: 231.4 ns
 *
 * The request is set up as ESP's are: 8 bytes of AD plus the 8-byte IV in
 * the first scatterlist entry, the text (and tag) in a second one at the
 * start of a page.  Loading always fails (-EAGAIN) once the lines are out:
 * nothing stays loaded.
 */
#include <linux/module.h>
#include <linux/scatterlist.h>
#include <linux/ktime.h>
#include <linux/slab.h>
#include <crypto/aead.h>

#define AL_TAG		16
#define AL_AD		16	/* 8 bytes of AD, the 8-byte IV */
#define AL_MAXLEN	2048

static unsigned int iters = 4000;
module_param(iters, uint, 0444);
MODULE_PARM_DESC(iters, "requests per timed run");
static unsigned int runs = 25;
module_param(runs, uint, 0444);
MODULE_PARM_DESC(runs, "timed runs per length and way, the best counts");
static unsigned int lens[8] = { 16, 64, 256, 1420 };
static int nlens = 4;
module_param_array(lens, uint, &nlens, 0444);
MODULE_PARM_DESC(lens, "text lengths (at most 2048)");

struct al_bufs {
	u8 *ad, *ad_out, *text, *out;
	struct scatterlist src[2], dst[2];
};

enum al_way { AL_SEAL_OOP, AL_SEAL_INPLACE, AL_OPEN_OOP, AL_OPEN_SEAL };
static const char *const al_way_names[] = { "seal-oop", "seal-inplace",
					    "open-oop", "open+seal-inplace" };

/* src (and dst) as ESP's: the AD and IV, then the text and tag */
static void al_set(struct aead_request *req, struct al_bufs *b,
		   enum al_way way, unsigned int len)
{
	unsigned int n = len + AL_TAG;

	sg_init_table(b->src, 2);
	sg_set_buf(&b->src[0], b->ad, AL_AD);
	sg_set_buf(&b->src[1], b->text, n);
	sg_init_table(b->dst, 2);
	sg_set_buf(&b->dst[0], b->ad_out, AL_AD);
	sg_set_buf(&b->dst[1], b->out, n);
	aead_request_set_ad(req, AL_AD);
	aead_request_set_crypt(req, b->src,
			       way == AL_SEAL_INPLACE || way == AL_OPEN_SEAL ?
			       b->src : b->dst,
			       way == AL_OPEN_OOP ? n : len, b->ad + 8);
}

/* An open in place of what a seal in place wrote, then that seal again */
static int al_open_seal(struct aead_request *req, unsigned int len)
{
	int err;

	req->cryptlen = len + AL_TAG;
	err = crypto_aead_decrypt(req);
	req->cryptlen = len;
	return err | crypto_aead_encrypt(req);
}

static s64 al_time(struct aead_request *req, enum al_way way, int *err)
{
	s64 best = S64_MAX, t;
	ktime_t t0;
	unsigned int r, i;

	for (r = 0; r < runs; r++) {
		t0 = ktime_get();
		for (i = 0; i < iters; i++)
			*err |= way == AL_OPEN_SEAL ?
				al_open_seal(req, req->cryptlen) :
				way == AL_OPEN_OOP ? crypto_aead_decrypt(req) :
						     crypto_aead_encrypt(req);
		t = ktime_to_ns(ktime_sub(ktime_get(), t0));
		best = min(best, t);
		cond_resched();
	}
	return best;
}

static void al_report(struct crypto_aead *tfm, enum al_way way,
		      unsigned int len, s64 ns, int err)
{
	u64 ps = (u64)ns * 1000 / iters;

	pr_info("sc-aead-loop: %s %s %u: %llu.%llu ns%s\n",
		crypto_tfm_alg_driver_name(crypto_aead_tfm(tfm)),
		al_way_names[way], len, ps / 1000, ps % 1000 / 100,
		err ? " (errors)" : "");
}

static int al_run(struct crypto_aead *tfm, struct aead_request *req,
		  struct al_bufs *b)
{
	enum al_way way;
	int i, err;

	for (i = 0; i < nlens; i++) {
		unsigned int len = min_t(unsigned int, lens[i], AL_MAXLEN);

		for (way = AL_SEAL_OOP; way <= AL_OPEN_SEAL; way++) {
			/* an open reads what a seal out of place wrote */
			if (way == AL_OPEN_OOP) {
				al_set(req, b, AL_SEAL_OOP, len);
				if (crypto_aead_encrypt(req))
					return -EIO;
				memcpy(b->text, b->out, len + AL_TAG);
			}
			al_set(req, b, way, len);
			/* the pair starts from a sealed text in place */
			if (way == AL_OPEN_SEAL && crypto_aead_encrypt(req))
				return -EIO;
			err = 0;
			al_report(tfm, way, len, al_time(req, way, &err), err);
		}
	}
	return 0;
}

static int __init al_init(void)
{
	static const u8 key[36] = { 1, 2, 3 };
	struct crypto_aead *tfm;
	struct aead_request *req = NULL;
	struct al_bufs b = { };
	int err = -ENOMEM;

	tfm = crypto_alloc_aead("rfc7539esp(chacha20,poly1305)", 0, 0);
	if (IS_ERR(tfm))
		return PTR_ERR(tfm);
	if (crypto_aead_setkey(tfm, key, sizeof(key)) ||
	    crypto_aead_setauthsize(tfm, AL_TAG)) {
		err = -EINVAL;
		goto out;
	}
	req = aead_request_alloc(tfm, GFP_KERNEL);
	/* page-aligned: each text starts a page, as tcrypt's do */
	b.text = (u8 *)__get_free_page(GFP_KERNEL | __GFP_ZERO);
	b.out = (u8 *)__get_free_page(GFP_KERNEL | __GFP_ZERO);
	b.ad = kzalloc(2 * AL_AD, GFP_KERNEL);
	if (!req || !b.text || !b.out || !b.ad)
		goto out;
	b.ad_out = b.ad + AL_AD;
	aead_request_set_callback(req, 0, NULL, NULL);
	err = al_run(tfm, req, &b) ?: -EAGAIN;
out:
	kfree(b.ad);
	free_page((unsigned long)b.out);
	free_page((unsigned long)b.text);
	aead_request_free(req);
	crypto_free_aead(tfm);
	return err;
}
module_init(al_init);

MODULE_DESCRIPTION("simdcrypt: timing loop for rfc7539esp requests");
MODULE_LICENSE("GPL");
