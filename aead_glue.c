// SPDX-License-Identifier: GPL-2.0
/*
 * AEAD glue for rfc7539(chacha20,poly1305) and rfc7539esp(chacha20,poly1305)
 * in one pass (Documentation/aead.rst).  Same bytes as the kernel's
 * crypto/chacha20poly1305.c template on every kernel: Poly1305 over the AD,
 * zero padding, the ciphertext, zero padding, the two 64-bit lengths.
 *
 * A request goes:
 *   1. the Poly1305 key from ChaCha block 0; a text of at most
 *      SC_CCP_HEAD_MAX bytes is copied into the request context and
 *      encrypted there, in place, by the same ChaCha call, so a short
 *      message makes one ChaCha call (opened, it reaches dst only after
 *      its tag is checked); one that lies in one page of src and of dst,
 *      sealed or opened out of place, goes to step 3 instead, in the
 *      ChaCha call of the key block;
 *   2. the AD, read in pieces of SC_AD_PIECE bytes (copied to dst out of
 *      place); to open a short text, its ciphertext is read again the same
 *      way into Poly1305;
 *   3. a longer text through an skcipher walk, each piece of at most
 *      SC_SIMD_CHUNK bytes sealed or opened by the row in one SIMD section
 *      (sealed, a piece's last bytes may wait, copied into the request
 *      context, for the next piece's call to MAC: sc_ccp_seal()); a text
 *      of at most SC_SIMD_CHUNK bytes within an entry's first page in src
 *      and in dst is mapped directly instead, as one piece, no walk;
 *   4. the lengths block and the tag, compared with crypto_memneq.
 * A forged tag on a text that went through the walk: the text is
 * restored in place (the keystream XORed back) or wiped out of place;
 * -EBADMSG.  An open that fails otherwise after writing to dst (the walk's
 * bounce allocation, GFP_ATOMIC without CRYPTO_TFM_REQ_MAY_SLEEP) zeroes
 * the text in dst.
 */
#include <linux/module.h>
#include <linux/string.h>
#include <linux/highmem.h>
#include <crypto/algapi.h>
#include <crypto/scatterwalk.h>
#include <crypto/internal/aead.h>
#include <crypto/internal/skcipher.h>
#include "compat/simd.h"
#include "simdcrypt.h"
#include "generic/chacha20poly1305.h"

#define SC_ESP_SALT_SIZE	4
#define SC_ESP_IV_SIZE		8
#define SC_AD_PIECE		256

struct sc_aead_ctx {
	u32 key[8];
	u8 salt[SC_ESP_SALT_SIZE];
};

/*
 * Per request, allocated with it (reqsize, about 1.3 KiB): no stack for
 * the buffers.  @head: the key block, then a short text or a lead, in
 * place; a longer text sealed has no head or a lead, written out before
 * @held keeps the ciphertext a piece's call held back for the next
 * (sc_ccp_seal()) once the walk unmaps it;
 * @piece: the AD (and an opened short text's ciphertext) on its way to
 * Poly1305.
 */
struct sc_aead_reqctx {
	struct sc_ccp ccp;
	union {
		u8 head[CHACHA_BLOCK_SIZE + SC_CCP_HEAD_MAX];
		u8 held[SC_CCP_HELD_MAX];
	};
	u8 piece[SC_AD_PIECE];
	u8 tag[CCP_TAG_SIZE];
	u8 want[CCP_TAG_SIZE];
};

static_assert(SC_AD_PIECE % POLY1305_BLOCK_SIZE == 0);

/*
 * generic/chacha20poly1305.h's copies of pieces opened in place: one a
 * CPU, SC_SIMD_CHUNK bytes, allocated only where a ChaCha row has the
 * keyed call that reads them.  The bit makes taking one safe from any
 * context, and lets the holder move to another CPU: the next taker there
 * finds the bit set and does without.
 */
struct sc_ccp_copy {
	unsigned long busy;
	u8 buf[SC_SIMD_CHUNK] __aligned(64);
};

static struct sc_ccp_copy __percpu *sc_ccp_copies;

u8 *sc_ccp_copy_get(void)
{
	struct sc_ccp_copy *cp;

	if (!sc_ccp_copies)
		return NULL;
	cp = raw_cpu_ptr(sc_ccp_copies);
	if (test_and_set_bit_lock(0, &cp->busy))
		return NULL;
	return cp->buf;
}

void sc_ccp_copy_put(u8 *copy)
{
	struct sc_ccp_copy *cp;

	if (!copy)
		return;
	cp = (struct sc_ccp_copy *)(copy - offsetof(struct sc_ccp_copy, buf));
	clear_bit_unlock(0, &cp->busy);
}

/* Where no supported ChaCha row has a keyed call, nothing is allocated. */
void __init sc_ccp_copies_init(void)
{
	unsigned int i;

	for (i = 0; i < sc_nimpls[SC_ALG_CHACHA]; i++)
		if (sc_chacha_impls[i]->xor_stream_key &&
		    sc_impl_supported(&sc_chacha_impls[i]->base))
			break;
	if (i < sc_nimpls[SC_ALG_CHACHA])
		sc_ccp_copies = alloc_percpu(struct sc_ccp_copy);
}

void sc_ccp_copies_exit(void)
{
	free_percpu(sc_ccp_copies);
	sc_ccp_copies = NULL;
}

/*
 * The ciphertext the last call held back, into rc->held while the walk
 * still has it mapped.
 */
static void sc_aead_keep_held(struct sc_aead_reqctx *rc)
{
	struct sc_ccp_held *held = &rc->ccp.held;

	if (!held->len)
		return;
	memcpy(rc->held, held->at, held->len);
	held->at = rc->held;
}


/* One request's shape, decided once. */
struct sc_aead_job {
	const struct sc_aead_impl *impl;
	const u8 *nonce;
	unsigned int adlen;		/* bytes of AD to authenticate */
	unsigned int textlen;
	unsigned int head;		/* text done with the key block: all */
					/* of it, or a lead */
	unsigned int tail;		/* of the head: sealed after the AD */
	bool encrypt;
	bool keyed;			/* key block with the first walk piece */
	struct sc_poly1305_pow *pow;	/* sc_aead_text()'s, or NULL */
};

/*
 * What a request leaves in its context is wiped before it returns: the
 * state, the key block and an opened head (plaintext).  A sealed head is
 * ciphertext by then, and rc->piece only ever holds AD and ciphertext:
 * neither is secret.
 */
static void sc_aead_wipe(struct sc_aead_reqctx *rc,
			 const struct sc_aead_job *job)
{
	memzero_explicit(&rc->ccp, sizeof(rc->ccp));
	memzero_explicit(rc->head, CHACHA_BLOCK_SIZE +
				   (job->encrypt ? 0 : job->head));
	memzero_explicit(rc->tag, sizeof(rc->tag));
}

static int sc_aead_setkey(struct crypto_aead *tfm, const u8 *key,
			  unsigned int keylen, unsigned int saltlen)
{
	struct sc_aead_ctx *ctx = crypto_aead_ctx(tfm);
	int i;

	if (keylen != CCP_KEY_SIZE + saltlen)
		return -EINVAL;
	for (i = 0; i < 8; i++)
		ctx->key[i] = get_unaligned_le32(key + 4 * i);
	memcpy(ctx->salt, key + CCP_KEY_SIZE, saltlen);
	return 0;
}

static int sc_rfc7539_setkey(struct crypto_aead *tfm, const u8 *key,
			     unsigned int keylen)
{
	return sc_aead_setkey(tfm, key, keylen, 0);
}

static int sc_rfc7539esp_setkey(struct crypto_aead *tfm, const u8 *key,
				unsigned int keylen)
{
	return sc_aead_setkey(tfm, key, keylen, SC_ESP_SALT_SIZE);
}

static int sc_aead_setauthsize(struct crypto_aead *tfm, unsigned int authsize)
{
	return authsize == CCP_TAG_SIZE ? 0 : -EINVAL;
}

static int sc_aead_init_tfm(struct crypto_aead *tfm)
{
	crypto_aead_set_reqsize(tfm, sizeof(struct sc_aead_reqctx));
	return 0;
}

/* Step 1: the key block, and a short text with it. */
static void sc_aead_start(struct aead_request *req, struct sc_aead_job *job,
			  const u8 *nonce)
{
	const struct sc_aead_ctx *ctx = crypto_aead_ctx(crypto_aead_reqtfm(req));
	struct sc_aead_reqctx *rc = aead_request_ctx(req);

	scatterwalk_map_and_copy(rc->head + CHACHA_BLOCK_SIZE, req->src,
				 req->assoclen, job->head, 0);
	sc_simd_run(job->impl->base.simd,
		    sc_ccp_start(job->impl, &rc->ccp, ctx->key, nonce, rc->head,
				 job->head - job->tail));
}

/*
 * @len bytes of @sg from @off into Poly1305 through rc->piece; a partial
 * last block zero-padded.  Out of place, @copy_to gets them too.
 */
static void sc_aead_absorb_sg(struct aead_request *req,
			      struct sc_aead_job *job, struct scatterlist *sg,
			      unsigned int off, unsigned int len,
			      unsigned int maclen, struct scatterlist *copy_to)
{
	struct sc_aead_reqctx *rc = aead_request_ctx(req);
	unsigned int done, n;

	for (done = 0; done < len; done += n) {
		n = min_t(unsigned int, len - done, SC_AD_PIECE);
		scatterwalk_map_and_copy(rc->piece, sg, off + done, n, 0);
		if (done < maclen)
			sc_simd_run(job->impl->base.simd,
				    sc_ccp_absorb(job->impl, &rc->ccp, rc->piece,
						  min(n, maclen - done)));
		if (copy_to)
			scatterwalk_map_and_copy(rc->piece, copy_to, off + done,
						 n, 1);
	}
}

/* Step 2: the AD, in pieces; copied to dst out of place. */
static void sc_aead_ad(struct aead_request *req, struct sc_aead_job *job)
{
	sc_aead_absorb_sg(req, job, req->src, 0, req->assoclen, job->adlen,
			  req->src != req->dst ? req->dst : NULL);
}

/*
 * A short text's ciphertext into Poly1305: sealed, it is in rc->head
 * (with job->tail, the head's last blocks are sealed now, their rounds
 * carrying the MAC of the rest; a sealed lead's may be held back there
 * for the first piece's call); opened, rc->head holds the plaintext, so
 * read the ciphertext again.
 */
static void sc_aead_head(struct aead_request *req, struct sc_aead_job *job)
{
	struct sc_aead_reqctx *rc = aead_request_ctx(req);

	if (!job->head)
		return;
	if (job->tail)
		sc_simd_run(job->impl->base.simd,
			    sc_ccp_seal_tail(job->impl, &rc->ccp,
					     rc->head + CHACHA_BLOCK_SIZE,
					     job->head - job->tail, job->tail));
	else if (job->encrypt)
		sc_simd_run(job->impl->base.simd,
			    sc_ccp_absorb_sealed(job->impl, &rc->ccp,
						 rc->head + CHACHA_BLOCK_SIZE,
						 job->head,
						 job->head < job->textlen));
	else
		sc_aead_absorb_sg(req, job, req->src, req->assoclen, job->head,
				  job->head, NULL);
}

/*
 * Steps 1 and 2 for a text longer than the head, at the walk's first
 * piece: the key block from the ChaCha call that encrypts or decrypts the
 * piece where the row allows (sc_ccp_keyed_row()), else on its own; then
 * the AD, then the piece's ciphertext.  Opened in place, the ciphertext
 * must be MACed before the keystream overwrites it: the call reads a copy
 * of the piece, which the MAC reads too (sc_ccp_keyed_first()), or the
 * key block stays on its own where there is none.  Returns true if the
 * piece is done.
 */
static bool sc_aead_keyed(struct aead_request *req, struct sc_aead_job *job,
			  u8 *dst, const u8 *src, unsigned int len, bool more)
{
	const struct sc_aead_ctx *ctx = crypto_aead_ctx(crypto_aead_reqtfm(req));
	struct sc_aead_reqctx *rc = aead_request_ctx(req);
	const struct sc_chacha_impl *keyed;
	u8 *copy;

	job->keyed = false;
	keyed = sc_ccp_keyed_first(job->impl, job->encrypt, dst, src, len,
				   &copy);
	if (copy)
		src = copy;
	if (!keyed) {
		sc_aead_start(req, job, job->nonce);
		sc_aead_ad(req, job);
		return false;
	}
	sc_simd_run(job->impl->base.simd,
		    sc_ccp_start_keyed(keyed, &rc->ccp, ctx->key, job->nonce,
				       dst, src, len));
	rc->ccp.core.pow = job->pow;
	sc_aead_ad(req, job);
	if (job->encrypt) {
		sc_simd_run(job->impl->base.simd,
			    sc_ccp_absorb_sealed(job->impl, &rc->ccp, dst, len,
						 more));
		sc_aead_keep_held(rc);
	} else {
		sc_simd_run(job->impl->base.simd,
			    sc_ccp_absorb(job->impl, &rc->ccp, src, len));
	}
	sc_ccp_copy_put(copy);
	return true;
}

/*
 * Whether @len bytes of @sg from @off lie in one entry and one page: then
 * the walk hands them over in one piece.
 */
/* The entry of @sg that holds byte @*off, which becomes the offset in it. */
static struct scatterlist *sc_aead_sg_at(struct scatterlist *sg,
					 unsigned int *off)
{
	for (; sg && *off >= sg->length; sg = sg_next(sg))
		*off -= sg->length;
	return sg;
}

static bool sc_aead_one_piece(struct scatterlist *sg, unsigned int off,
			      unsigned int len)
{
	sg = sc_aead_sg_at(sg, &off);
	return sg && sg->length - off >= len &&
	       offset_in_page(sg->offset + off) + len <= PAGE_SIZE;
}

/*
 * Whether the key block comes with the walk's first piece (sc_aead_keyed):
 * always tried for a text longer than the head; a short one goes that way
 * instead of through the head buffer when the row allows it and the text
 * is one piece in src and dst; opened in place, only where there are
 * copies to open it from (sc_ccp_keyed_first(); without one then, the
 * key block's own call).
 */
static bool sc_aead_keyed_job(struct aead_request *req,
			      const struct sc_aead_job *job)
{
	/*
	 * The AD is read at the first piece, while the walk has it mapped:
	 * with kmap_atomic() (6.1), preemption is off for all of it.
	 */
	if (req->assoclen > SC_AD_PIECE)
		return false;
	if (job->textlen && !job->head)
		return true;
	return job->textlen &&
	       (job->encrypt || req->src != req->dst || sc_ccp_copies) &&
	       sc_aead_one_piece(req->src, req->assoclen, job->textlen) &&
	       sc_aead_one_piece(req->dst, req->assoclen, job->textlen) &&
	       sc_ccp_keyed_row(job->impl, job->textlen);
}

/* A piece of a long text sealed; @more: more text follows it. */
static void sc_aead_seal_piece(struct sc_aead_reqctx *rc,
			       const struct sc_aead_impl *impl, u8 *dst,
			       const u8 *src, unsigned int len, bool more)
{
	sc_simd_run(impl->base.simd,
		    sc_ccp_seal(impl, &rc->ccp, dst, src, len, more));
	sc_aead_keep_held(rc);
}

/*
 * One piece of the text sealed or opened, in a SIMD section of its own:
 * the first one of a keyed job with the key block (sc_aead_keyed()).
 */
static void sc_aead_piece(struct aead_request *req, struct sc_aead_job *job,
			  u8 *dst, const u8 *src, unsigned int len, bool more)
{
	struct sc_aead_reqctx *rc = aead_request_ctx(req);
	const struct sc_aead_impl *impl = job->impl;

	if (job->keyed && sc_aead_keyed(req, job, dst, src, len, more))
		return;
	/* after sc_aead_start(); sc_aead_keyed() did it */
	rc->ccp.core.pow = job->pow;
	if (job->encrypt)
		sc_aead_seal_piece(rc, impl, dst, src, len, more);
	else
		sc_simd_run(impl->base.simd,
			    sc_ccp_open(impl, &rc->ccp, dst, src, len));
}

/* A text mapped without a walk (sc_aead_direct()). */
struct sc_aead_map {
	struct page *page;
	u8 *addr;
};

/*
 * @len bytes of @sg from @off, mapped where they lie within the first
 * page of one entry (so no page arithmetic); false otherwise.
 */
static bool sc_aead_map_text(struct scatterlist *sg, unsigned int off,
			     unsigned int len, struct sc_aead_map *map)
{
	sg = sc_aead_sg_at(sg, &off);
	if (!sg || sg->length - off < len ||
	    sg->offset + off + len > PAGE_SIZE)
		return false;
	map->page = sg_page(sg);
	map->addr = (u8 *)kmap_local_page(map->page) + sg->offset + off;
	return true;
}

/*
 * Step 3 for a stretch of the text: @n bytes at @src and @dst, @total
 * of the text's bytes from there on.  A lead (job->head bytes, done with
 * the key block) is stepped over, a sealed one written out from rc->head
 * on the way: the walk may copy what it hands over back to dst (a bounce
 * buffer), and rc->held, over rc->head, takes the bytes the first piece
 * holds back.  The rest goes in pieces of at most SC_SIMD_CHUNK bytes,
 * each in a SIMD section; @undo XORs the keystream back instead.
 */
static void sc_aead_stretch(struct aead_request *req, struct sc_aead_job *job,
			    u8 *dst, const u8 *src, unsigned int n,
			    unsigned int total, unsigned int *skip, bool undo)
{
	struct sc_aead_reqctx *rc = aead_request_ctx(req);
	const struct sc_aead_impl *impl = job->impl;
	unsigned int done = min(*skip, n), k;

	if (done && job->encrypt && !undo)
		memcpy(dst, rc->head + CHACHA_BLOCK_SIZE + job->head - *skip,
		       done);
	*skip -= done;
	for (; done < n; done += k) {
		k = min_t(unsigned int, n - done, SC_SIMD_CHUNK);
		if (undo)
			sc_simd_run(impl->base.simd,
				    sc_ccp_xor(impl, &rc->ccp, dst + done,
					       dst + done, k));
		else
			sc_aead_piece(req, job, dst + done, src + done, k,
				      done + k < total);
	}
}

/*
 * Step 3 for a text of at most SC_SIMD_CHUNK bytes within the first page
 * of one entry in src and in dst, as a short packet's is: the pages mapped
 * directly and the text done as one stretch, as the walk would hand it
 * over, without the walk's set-up and steps (Documentation/aead.rst).
 * Returns false, having done nothing, for any other text.
 */
static bool sc_aead_direct(struct aead_request *req, struct sc_aead_job *job)
{
	unsigned int skip = job->head;
	struct sc_aead_map src, dst;

	if (job->textlen > SC_SIMD_CHUNK ||
	    !sc_aead_map_text(req->src, req->assoclen, job->textlen, &src))
		return false;
	if (!sc_aead_map_text(req->dst, req->assoclen, job->textlen, &dst)) {
		kunmap_local(src.addr);
		return false;
	}
	sc_aead_stretch(req, job, dst.addr, src.addr, job->textlen,
			job->textlen, &skip, false);
	flush_dcache_page(dst.page);
	kunmap_local(dst.addr);
	kunmap_local(src.addr);
	return true;
}

/*
 * Step 3: the text after the head, directly (sc_aead_direct()) or through
 * an skcipher walk, each piece it hands over as a stretch.
 */
static int sc_aead_text(struct aead_request *req, struct sc_aead_job *job,
			bool undo)
{
	struct sc_aead_reqctx *rc = aead_request_ctx(req);
	unsigned int skip = job->head;
	struct sc_poly1305_pow pow;
	struct skcipher_walk walk;
	int err;

	BUILD_BUG_ON(SC_SIMD_CHUNK > 4096 || SC_SIMD_CHUNK % CHACHA_BLOCK_SIZE);

	if (!undo && sc_aead_direct(req, job))
		return 0;
	job->pow = undo ? NULL : sc_ccp_powers(&pow, job->textlen);
	err = job->encrypt ? skcipher_walk_aead_encrypt(&walk, req, false) :
			     skcipher_walk_aead_decrypt(&walk, req, false);
	while (walk.nbytes) {
		unsigned int n = walk.nbytes;
		u8 *dst = walk.dst.virt.addr;

		if (n < walk.total)
			n = round_down(n, walk.stride);
		sc_aead_stretch(req, job, dst, walk.src.virt.addr, n,
				walk.total, &skip, undo);
		if (undo && req->src != req->dst)
			memset(dst, 0, n);
		err = skcipher_walk_done(&walk, walk.nbytes - n);
	}
	sc_ccp_drop_powers(&rc->ccp, job->pow);
	job->pow = NULL;
	return err;
}

/*
 * An open that failed after the walk wrote to dst (a walk error, or an undo
 * that did not finish): zero the text there, with no allocation, so that
 * no unauthenticated plaintext stays.
 */
static void sc_aead_scrub(struct aead_request *req,
			  const struct sc_aead_job *job)
{
	sg_zero_buffer(req->dst, sg_nents(req->dst), job->textlen,
		       req->assoclen);
}

/*
 * A forged tag on a long text: put back the ciphertext in place (XOR the
 * keystream again, from the block after the key block and a lead) or wipe
 * the plaintext out of place.
 */
static int sc_aead_undo(struct aead_request *req, struct sc_aead_job *job,
			const u8 *nonce)
{
	const struct sc_aead_ctx *ctx = crypto_aead_ctx(crypto_aead_reqtfm(req));
	struct sc_aead_reqctx *rc = aead_request_ctx(req);
	u8 iv[CHACHA_IV_SIZE];
	int err;

	put_unaligned_le32(1 + job->head / CHACHA_BLOCK_SIZE, iv);
	memcpy(iv + 4, nonce, CCP_NONCE_SIZE);
	sc_chacha_init_state(rc->ccp.state, ctx->key, iv);
	err = sc_aead_text(req, job, true);
	memzero_explicit(&rc->ccp, sizeof(rc->ccp));
	return err;
}

static int sc_aead_crypt(struct aead_request *req, const u8 *nonce,
			 unsigned int adlen, bool encrypt)
{
	struct sc_aead_reqctx *rc = aead_request_ctx(req);
	struct sc_aead_job job = { .nonce = nonce, .adlen = adlen,
				   .encrypt = encrypt };
	int err;

	if (!encrypt && req->cryptlen < CCP_TAG_SIZE)
		return -EINVAL;
	job.textlen = req->cryptlen - (encrypt ? 0 : CCP_TAG_SIZE);
	job.impl = sc_aead_pick_here(job.textlen);
	job.head = sc_ccp_head_len(job.impl, job.textlen, encrypt);

	job.keyed = sc_aead_keyed_job(req, &job);
	if (job.keyed) {
		job.head = 0;
	} else {
		job.tail = sc_ccp_head_tail(job.impl, job.head, job.textlen,
					    encrypt);
		sc_aead_start(req, &job, nonce);
		sc_aead_ad(req, &job);
		sc_aead_head(req, &job);
	}
	err = job.head && job.head == job.textlen ? 0 :
					sc_aead_text(req, &job, false);
	if (err) {
		if (!encrypt)
			sc_aead_scrub(req, &job);
		sc_aead_wipe(rc, &job);
		return err;
	}
	sc_simd_run(job.impl->base.simd,
		    sc_ccp_finish(job.impl, &rc->ccp, job.adlen, job.textlen,
				  rc->tag));
	if (sc_test_corrupt(SC_CORRUPT_AEAD))
		rc->tag[0] ^= 1;

	if (encrypt) {
		/* a sealed lead went out with the walk (sc_aead_text()) */
		if (job.head == job.textlen)
			scatterwalk_map_and_copy(rc->head + CHACHA_BLOCK_SIZE,
						 req->dst, req->assoclen,
						 job.head, 1);
		scatterwalk_map_and_copy(rc->tag, req->dst,
					 req->assoclen + job.textlen,
					 CCP_TAG_SIZE, 1);
	} else {
		scatterwalk_map_and_copy(rc->want, req->src,
					 req->assoclen + job.textlen,
					 CCP_TAG_SIZE, 0);
		if (crypto_memneq(rc->tag, rc->want, CCP_TAG_SIZE))
			err = -EBADMSG;
		if (err && job.head < job.textlen &&
		    sc_aead_undo(req, &job, nonce))
			sc_aead_scrub(req, &job);
		else if (!err)
			scatterwalk_map_and_copy(rc->head + CHACHA_BLOCK_SIZE,
						 req->dst, req->assoclen,
						 job.head, 1);
	}
	sc_aead_wipe(rc, &job);
	return err;
}

static int sc_rfc7539_encrypt(struct aead_request *req)
{
	return sc_aead_crypt(req, req->iv, req->assoclen, true);
}

static int sc_rfc7539_decrypt(struct aead_request *req)
{
	return sc_aead_crypt(req, req->iv, req->assoclen, false);
}

/*
 * ESP: nonce = salt || the 8-byte IV; the last 8 AD bytes are that IV
 * (as seqiv passes it) and are not authenticated.
 */
static int sc_rfc7539esp_crypt(struct aead_request *req, bool encrypt)
{
	const struct sc_aead_ctx *ctx = crypto_aead_ctx(crypto_aead_reqtfm(req));
	u8 nonce[CCP_NONCE_SIZE];

	if (req->assoclen < SC_ESP_IV_SIZE)
		return -EINVAL;
	memcpy(nonce, ctx->salt, SC_ESP_SALT_SIZE);
	memcpy(nonce + SC_ESP_SALT_SIZE, req->iv, SC_ESP_IV_SIZE);
	return sc_aead_crypt(req, nonce, req->assoclen - SC_ESP_IV_SIZE,
			     encrypt);
}

static int sc_rfc7539esp_encrypt(struct aead_request *req)
{
	return sc_rfc7539esp_crypt(req, true);
}

static int sc_rfc7539esp_decrypt(struct aead_request *req)
{
	return sc_rfc7539esp_crypt(req, false);
}

#define SC_AEAD_ALG(_name, _drv, _ivsize, _setkey, _enc, _dec) {	\
	.base.cra_name		= _name,				\
	.base.cra_driver_name	= _drv,					\
	.base.cra_priority	= SC_AEAD_PRIORITY,			\
	.base.cra_blocksize	= 1,					\
	.base.cra_ctxsize	= sizeof(struct sc_aead_ctx),		\
	.base.cra_module	= THIS_MODULE,				\
	.ivsize			= _ivsize,				\
	.maxauthsize		= CCP_TAG_SIZE,				\
	.chunksize		= CHACHA_BLOCK_SIZE,			\
	.setkey			= _setkey,				\
	.setauthsize		= sc_aead_setauthsize,			\
	.encrypt		= _enc,					\
	.decrypt		= _dec,					\
	.init			= sc_aead_init_tfm,			\
}

static struct aead_alg sc_aead_algs[] = {
	SC_AEAD_ALG("rfc7539(chacha20,poly1305)",
		    "rfc7539-chacha20-poly1305-simdcrypt", CCP_NONCE_SIZE,
		    sc_rfc7539_setkey, sc_rfc7539_encrypt, sc_rfc7539_decrypt),
	SC_AEAD_ALG("rfc7539esp(chacha20,poly1305)",
		    "rfc7539esp-chacha20-poly1305-simdcrypt", SC_ESP_IV_SIZE,
		    sc_rfc7539esp_setkey, sc_rfc7539esp_encrypt,
		    sc_rfc7539esp_decrypt),
};

int sc_aead_register(void)
{
	return crypto_register_aeads(sc_aead_algs, ARRAY_SIZE(sc_aead_algs));
}

void sc_aead_unregister(void)
{
	crypto_unregister_aeads(sc_aead_algs, ARRAY_SIZE(sc_aead_algs));
}
