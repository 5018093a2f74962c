/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Known-answer vectors, each with its source, for the userspace harness
 * and the KUnit module's simdcrypt_kat suite (kunit/core.c).
 * The harness also recomputes every one of them with OpenSSL or libsodium
 * (test "kat-oracle"), so a typo here shows up as a failure, not a silent
 * hole.
 *
 * Sources:
 *   [RFC8439]  RFC 8439, "ChaCha20 and Poly1305 for IETF Protocols",
 *              sections 2.3.2, 2.4.2, 2.5.2, 2.8.2 and appendices A.1, A.2,
 *              A.3, A.5.
 *   [XCHACHA]  draft-irtf-cfrg-xchacha-03, "XChaCha: eXtended-nonce ChaCha
 *              and AEAD_XChaCha20_Poly1305", section 2.2.1 (HChaCha20) and
 *              appendix A.3.2 (XChaCha20 encryption, block counter 0, as
 *              the kernel's xchacha20 starts; and its input at counter 1).
 *   [FIPS202]  NIST FIPS 202 with the NIST CSRC "Cryptographic Standards
 *              and Guidelines: Examples with Intermediate Values" for
 *              SHA3-224/256/384/512 ("" , "abc", and the 1600-bit message
 *              of 200 bytes 0xa3) and SHAKE128/256 of the same three
 *              messages (200 bytes of output for the empty one, more than
 *              a block; 64 for the others).
 *   [LINUX]    the Linux kernel's crypto/testmgr.h (v7.3),
 *              xchacha12_tv_template: XChaCha12 vectors the kernel's
 *              self-tests use ("computed with XChaCha12, using a modified
 *              libsodium"); the only public XChaCha12 answers; and
 *              rfc7539esp_tv_template (RFC 8439 A.5 in the ESP form:
 *              36-byte key = key || 4-byte salt, 8-byte IV, AD || IV).
 *   [PY]       test/afalg_vectors.py, a pure-Python implementation from
 *              the specifications that checks every other entry here:
 *              XChaCha12 answers, which nothing else publishes.
 *   [DONNA]    poly1305-donna's self-test (floodyberry/poly1305-donna,
 *              poly1305-donna.c): the tag over the tags of messages of
 *              length 0..255 with key and message bytes equal to the length.
 */
#ifndef _SC_TEST_VECTORS_H
#define _SC_TEST_VECTORS_H

/*
 * Every table is __maybe_unused: each reader takes the tables of what it
 * tests (KUnit's shake.c only SHA-3's; nothing in the KUnit module has an
 * HChaCha entry point to give sc_hchacha_kats).
 */
#ifndef __maybe_unused
#define __maybe_unused	__attribute__((__unused__))
#endif

/* RFC 8439 2.4.2 / A.2: the texts, without their NUL. */
#define SC_TXT_SUNSCREEN \
	"Ladies and Gentlemen of the class of '99: If I could offer you only " \
	"one tip for the future, sunscreen would be it."
#define SC_TXT_IETF \
	"Any submission to the IETF intended by the Contributor for " \
	"publication as all or part of an IETF Internet-Draft or RFC and any " \
	"statement made within the context of an IETF activity is considered " \
	"an \"IETF Contribution\". Such statements include oral statements in " \
	"IETF sessions, as well as written and electronic communications made " \
	"at any time or place, which are addressed to"
/* RFC 8439 A.2 #3 and A.3 #4 ("Jabberwocky"), hex of 127 bytes */
#define SC_HEX_JABBERWOCKY \
	"2754776173206272696c6c69672c20616e642074686520736c6974687920746f" \
	"7665730a446964206779726520616e642067696d626c6520696e207468652077" \
	"6162653a0a416c6c206d696d737920776572652074686520626f726f676f7665" \
	"732c0a416e6420746865206d6f6d65207261746873206f757467726162652e"
/* draft-irtf-cfrg-xchacha-03 A.3.2 plaintext */
#define SC_TXT_DHOLE \
	"The dhole (pronounced \"dole\") is also known as the Asiatic wild dog, " \
	"red dog, and whistling dog. It is about the size of a German shepherd " \
	"but looks more like a long-legged fox. This highly elusive and skilled " \
	"jumper is classified with wolves, coyotes, jackals, and foxes in the " \
	"taxonomic family Canidae."
/* RFC 8439 A.5 plaintext (265 bytes; the quotes are UTF-8) */
#define SC_TXT_DRAFTS \
	"Internet-Drafts are draft documents valid for a maximum of six " \
	"months and may be updated, replaced, or obsoleted by other documents " \
	"at any time. It is inappropriate to use Internet-Drafts as reference " \
	"material or to cite them other than as /\xe2\x80\x9cwork in " \
	"progress./\xe2\x80\x9d"

/* A message: text, or hex, or @rep_len copies of @rep_byte. */
struct sc_msg {
	const char *text;
	const char *hex;
	unsigned char rep_byte;
	unsigned int rep_len;
};

#ifndef __KERNEL__
#include <string.h>

/* Userspace: @hex into @out (other characters skipped); the byte count. */
static inline size_t sc_vec_unhex(const char *hex, unsigned char *out)
{
	size_t n = 0;
	int hi = -1, v;

	for (; *hex; hex++) {
		if (*hex >= '0' && *hex <= '9')
			v = *hex - '0';
		else if ((*hex | 0x20) >= 'a' && (*hex | 0x20) <= 'f')
			v = (*hex | 0x20) - 'a' + 10;
		else
			continue;
		if (hi < 0) {
			hi = v;
		} else {
			out[n++] = (unsigned char)(hi << 4 | v);
			hi = -1;
		}
	}
	return n;
}

/* Userspace: message @m into @out; its length. */
static inline size_t sc_vec_msg(const struct sc_msg *m, unsigned char *out)
{
	if (m->hex)
		return sc_vec_unhex(m->hex, out);
	if (m->text) {
		memcpy(out, m->text, strlen(m->text));
		return strlen(m->text);
	}
	memset(out, m->rep_byte, m->rep_len);
	return m->rep_len;
}
#endif

struct sc_chacha_kat {
	const char *src;
	const char *key, *nonce;	/* hex: 32 and 12 bytes */
	unsigned int counter;
	struct sc_msg pt;		/* empty: keystream of len(ct) zeros */
	const char *ct;			/* hex */
};

static const struct sc_chacha_kat sc_chacha_kats[] __maybe_unused = {
	{ "RFC8439 2.3.2 block function",
	  "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
	  "000000090000004a00000000", 1, { 0 },
	  "10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e"
	  "d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e" },
	{ "RFC8439 2.4.2 encryption",
	  "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
	  "000000000000004a00000000", 1, { .text = SC_TXT_SUNSCREEN },
	  "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0b"
	  "f91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8"
	  "07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736"
	  "5af90bbf74a35be6b40b8eedf2785e42874d" },
	{ "RFC8439 A.1 #1",
	  "0000000000000000000000000000000000000000000000000000000000000000",
	  "000000000000000000000000", 0, { 0 },
	  "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"
	  "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586" },
	{ "RFC8439 A.1 #2",
	  "0000000000000000000000000000000000000000000000000000000000000000",
	  "000000000000000000000000", 1, { 0 },
	  "9f07e7be5551387a98ba977c732d080dcb0f29a048e3656912c6533e32ee7aed"
	  "29b721769ce64e43d57133b074d839d531ed1f28510afb45ace10a1f4b794d6f" },
	{ "RFC8439 A.1 #3",
	  "0000000000000000000000000000000000000000000000000000000000000001",
	  "000000000000000000000000", 1, { 0 },
	  "3aeb5224ecf849929b9d828db1ced4dd832025e8018b8160b82284f3c949aa5a"
	  "8eca00bbb4a73bdad192b5c42f73f2fd4e273644c8b36125a64addeb006c13a0" },
	{ "RFC8439 A.1 #4",
	  "00ff000000000000000000000000000000000000000000000000000000000000",
	  "000000000000000000000000", 2, { 0 },
	  "72d54dfbf12ec44b362692df94137f328fea8da73990265ec1bbbea1ae9af0ca"
	  "13b25aa26cb4a648cb9b9d1be65b2c0924a66c54d545ec1b7374f4872e99f096" },
	{ "RFC8439 A.1 #5",
	  "0000000000000000000000000000000000000000000000000000000000000000",
	  "000000000000000000000002", 0, { 0 },
	  "c2c64d378cd536374ae204b9ef933fcd1a8b2288b3dfa49672ab765b54ee27c7"
	  "8a970e0e955c14f3a88e741b97c286f75f8fc299e8148362fa198a39531bed6d" },
	{ "RFC8439 A.2 #2",
	  "0000000000000000000000000000000000000000000000000000000000000001",
	  "000000000000000000000002", 1, { .text = SC_TXT_IETF },
	  "a3fbf07df3fa2fde4f376ca23e82737041605d9f4f4f57bd8cff2c1d4b7955ec"
	  "2a97948bd3722915c8f3d337f7d370050e9e96d647b7c39f56e031ca5eb6250d"
	  "4042e02785ececfa4b4bb5e8ead0440e20b6e8db09d881a7c6132f420e527950"
	  "42bdfa7773d8a9051447b3291ce1411c680465552aa6c405b7764d5e87bea85a"
	  "d00f8449ed8f72d0d662ab052691ca66424bc86d2df80ea41f43abf937d3259d"
	  "c4b2d0dfb48a6c9139ddd7f76966e928e635553ba76c5c879d7b35d49eb2e62b"
	  "0871cdac638939e25e8a1e0ef9d5280fa8ca328b351c3c765989cbcf3daa8b6c"
	  "cc3aaf9f3979c92b3720fc88dc95ed84a1be059c6499b9fda236e7e818b04b0b"
	  "c39c1e876b193bfe5569753f88128cc08aaa9b63d1a16f80ef2554d7189c411f"
	  "5869ca52c5b83fa36ff216b9c1d30062bebcfd2dc5bce0911934fda79a86f6e6"
	  "98ced759c3ff9b6477338f3da4f9cd8514ea9982ccafb341b2384dd902f3d1ab"
	  "7ac61dd29c6f21ba5b862f3730e37cfdc4fd806c22f221" },
	{ "RFC8439 A.2 #3",
	  "1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0",
	  "000000000000000000000002", 42, { .hex = SC_HEX_JABBERWOCKY },
	  "62e6347f95ed87a45ffae7426f27a1df5fb69110044c0d73118effa95b01e5cf"
	  "166d3df2d721caf9b21e5fb14c616871fd84c54f9d65b283196c7fe4f60553eb"
	  "f39c6402c42234e32a356b3e764312a61a5532055716ead6962568f87d3f3f77"
	  "04c6a8d1bcd1bf4d50d6154b6da731b187b58dfd728afa36757a797ac188d1" },
};

struct sc_hchacha_kat {
	const char *src;
	const char *key, *nonce16, *out;
};

static const struct sc_hchacha_kat sc_hchacha_kats[] __maybe_unused = {
	{ "draft-irtf-cfrg-xchacha-03 2.2.1 HChaCha20",
	  "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
	  "000000090000004a0000000031415927",
	  "82413b4227b27bfed30e42508a877d73a0f9e4d58a74a853c12ec41326d3ecdc" },
};

struct sc_xchacha_kat {
	const char *src;
	int nrounds;
	const char *key, *nonce24;
	unsigned long long counter;
	struct sc_msg pt;
	const char *ct;
};

static const struct sc_xchacha_kat sc_xchacha_kats[] __maybe_unused = {
	{ "draft-irtf-cfrg-xchacha-03 A.3.2 XChaCha20 (counter 0)", 20,
	  "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f",
	  "404142434445464748494a4b4c4d4e4f5051525354555658", 0,
	  { .text = SC_TXT_DHOLE },
	  "4559abba4e48c16102e8bb2c05e6947f50a786de162f9b0b7e592a9b53d0d4e9"
	  "8d8d6410d540a1a6375b26d80dace4fab52384c731acbf16a5923c0c48d3575d"
	  "4d0d2c673b666faa731061277701093a6bf7a158a8864292a41c48e3a9b4c0da"
	  "ece0f8d98d0d7e05b37a307bbb66333164ec9e1b24ea0d6c3ffddcec4f68e744"
	  "3056193a03c810e11344ca06d8ed8a2bfb1e8d48cfa6bc0eb4e2464b74814240"
	  "7c9f431aee769960e15ba8b96890466ef2457599852385c661f752ce20f9da0c"
	  "09ab6b19df74e76a95967446f8d0fd415e7bee2a12a114c20eb5292ae7a349ae"
	  "577820d5520a1f3fb62a17ce6a7e68fa7c79111d8860920bc048ef43fe84486c"
	  "cb87c25f0ae045f0cce1e7989a9aa220a28bdd4827e751a24a6d5c62d790a663"
	  "93b93111c1a55dd7421a10184974c7c5" },
	{ "draft-irtf-cfrg-xchacha-03 A.3.2 XChaCha20 (counter 1)", 20,
	  "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f",
	  "404142434445464748494a4b4c4d4e4f5051525354555658", 1,
	  { .text = SC_TXT_DHOLE },
	  "7d0a2e6b7f7c65a236542630294e063b7ab9b555a5d5149aa21e4ae1e4fbce87"
	  "ecc8e08a8b5e350abe622b2ffa617b202cfad72032a3037e76ffdcdc4376ee05"
	  "3a190d7e46ca1de04144850381b9cb29f051915386b8a710b8ac4d027b8b050f"
	  "7cba5854e028d564e453b8a968824173fc16488b8970cac828f11ae53cabd201"
	  "12f87107df24ee6183d2274fe4c8b1485534ef2c5fbc1ec24bfc3663efaa08bc"
	  "047d29d25043532db8391a8a3d776bf4372a6955827ccb0cdd4af403a7ce4c63"
	  "d595c75a43e045f0cce1f29c8b93bd65afc5974922f214a40b7c402cdb91ae73"
	  "c0b63615cdad0480680f16515a7ace9d39236464328a37743ffc28f4ddb324f4"
	  "d0f5bbdc270c65b1749a6efff1fbaa09536175ccd29fb9e6057b307320d31683"
	  "8a9c71f70b5b5907a66f7ea49aadc409" },
	/* no peer implements XChaCha12: checked against the reference only */
	/*
	 * XChaCha12 of the draft's A.3.2 input: no standard has one; computed
	 * by test/afalg_vectors.py (pure Python from the specifications,
	 * which checks itself on every other answer here first)
	 */
	{ "afalg_vectors.py: XChaCha12 of draft-irtf-cfrg-xchacha-03 A.3.2's input", 12,
	  "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f",
	  "404142434445464748494a4b4c4d4e4f5051525354555658", 0,
	  { .text = SC_TXT_DHOLE },
	  "9f1aab8a95f47ecdee34c039d6234394f601c17f6091a5234a8ae6b1148bd758"
	  "ee02adabce1e7ddff9492769d08d0c206e17c4ae877ac66191e28e0a1d61cc38"
	  "02644349c6b2595942e79d83006090d2b9cd976ec79571bc23315807b3b4ac0b"
	  "876456e5e3ec63a1718c084833202981ea012520c3dae6ee6a03f6684d26a091"
	  "9e44b8c1c08f5a6ac0cdbf245e4066d24224b5bfc1eb126056beb1a6c40ffc49"
	  "699fcc065ce326d752c042e8b476c3eeb297e33761295ab58ee88cc538cccbec"
	  "641aa9125ff779df64ca774ebdf983a013273f3103633026270b3eb32313610b"
	  "701dd4ad851ebfdfc68e4d08cc7e77bd1e1877383afec05d16fcf0a92fe917c7"
	  "d3231718a3e654776f1bbe8a6e7eca9708053676af127a42f77ac235c3b49340"
	  "541490a04d651c37507044296d6e6268" },
	/*
	 * The same key and nonce at counter 0xffffffff, 200 zero bytes: the
	 * block counter is state word 12 alone and wraps to 0 with no carry
	 * into word 13, as the kernel's chacha does; afalg_vectors.py
	 */
	{ "afalg_vectors.py: XChaCha12, 32-bit counter wrap", 12,
	  "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f",
	  "404142434445464748494a4b4c4d4e4f5051525354555658", 0xffffffff,
	  { .rep_byte = 0, .rep_len = 200 },
	  "6cba0acce557f856f6d46545a69b950549e312ec70c27f21ff548897c2da7fd9"
	  "8c4007652527b590c5a65520eedf526af252edc902955c2ebc39337ba84b9724"
	  "cb72ceaaf19c11a18b14e849a44c2dfb836fa21a04b1874725e683933dabbe2b"
	  "ce63c1d8a13e16b1963e4949b1fe2c540672e4eff413a715f881ae7d740da818"
	  "660b2465e6c03c3d6283f2e42c40f1bcddede006aee605d04a5f3f27d7dbcb25"
	  "a72d22c58a9f43c013e37d3c135441e4ca724c5aa6fa89884a62d62f2854cdf0"
	  "f064cba9a5ff320f" },
	{ "Linux crypto/testmgr.h xchacha12_tv_template[0] (29 zero bytes)", 12,
	  "79c99798ac67300bbb2704c95c341e3245f3dcb21761b98e52ff45b24f304fc4",
	  "b33ffd3096479bcfbc9aee49417688a0a2554f8d95389419", 0,
	  { .rep_byte = 0, .rep_len = 29 },
	  "1b787fd7a14168ab3d3fd17b6956b2d543ceebaf36f0299d3afb18ae1b" },
	{ "Linux crypto/testmgr.h xchacha12_tv_template[1] (91 zero bytes)", 12,
	  "9d23bd4149cb979ccf3c5c94dd217e9808cb0e50cd0f67812235eaaf601d6232",
	  "c047548266b7c370d33566a2425cbf30d82d1eaf5294109e", 0,
	  { .rep_byte = 0, .rep_len = 91 },
	  "fb32091d8305ae4c131f1271f2cab2eb5b83147d83f657772e401f922cf9ec35"
	  "341f93dffb30d735030578c1203b7ae362a389dc111145a88289a0f14ec70f11"
	  "69dd0c842b895cdcf0de01efc56579238767d650d98dd992545b0e" },
};

struct sc_poly1305_kat {
	const char *src;
	const char *key;		/* hex, 32 bytes: r || s */
	struct sc_msg msg;
	const char *tag;
};

static const struct sc_poly1305_kat sc_poly1305_kats[] __maybe_unused = {
	{ "RFC8439 2.5.2",
	  "85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b",
	  { .text = "Cryptographic Forum Research Group" },
	  "a8061dc1305136c6c22b8baf0c0127a9" },
	{ "RFC8439 A.3 #1",
	  "0000000000000000000000000000000000000000000000000000000000000000",
	  { .rep_byte = 0, .rep_len = 64 }, "00000000000000000000000000000000" },
	{ "RFC8439 A.3 #2",
	  "0000000000000000000000000000000036e5f6b5c5e06070f0efca96227a863e",
	  { .text = SC_TXT_IETF }, "36e5f6b5c5e06070f0efca96227a863e" },
	{ "RFC8439 A.3 #3",
	  "36e5f6b5c5e06070f0efca96227a863e00000000000000000000000000000000",
	  { .text = SC_TXT_IETF }, "f3477e7cd95417af89a6b8794c310cf0" },
	{ "RFC8439 A.3 #4",
	  "1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0",
	  { .hex = SC_HEX_JABBERWOCKY }, "4541669a7eaaee61e708dc7cbcc5eb62" },
	/* #5-#11: h >= p, the 2^130-5 wrap, carry propagation */
	{ "RFC8439 A.3 #5",
	  "0200000000000000000000000000000000000000000000000000000000000000",
	  { .hex = "ffffffffffffffffffffffffffffffff" },
	  "03000000000000000000000000000000" },
	{ "RFC8439 A.3 #6",
	  "02000000000000000000000000000000ffffffffffffffffffffffffffffffff",
	  { .hex = "02000000000000000000000000000000" },
	  "03000000000000000000000000000000" },
	{ "RFC8439 A.3 #7",
	  "0100000000000000000000000000000000000000000000000000000000000000",
	  { .hex = "ffffffffffffffffffffffffffffffff"
		  "f0ffffffffffffffffffffffffffffff"
		  "11000000000000000000000000000000" },
	  "05000000000000000000000000000000" },
	{ "RFC8439 A.3 #8",
	  "0100000000000000000000000000000000000000000000000000000000000000",
	  { .hex = "ffffffffffffffffffffffffffffffff"
		  "fbfefefefefefefefefefefefefefefe"
		  "01010101010101010101010101010101" },
	  "00000000000000000000000000000000" },
	{ "RFC8439 A.3 #9",
	  "0200000000000000000000000000000000000000000000000000000000000000",
	  { .hex = "fdffffffffffffffffffffffffffffff" },
	  "faffffffffffffffffffffffffffffff" },
	{ "RFC8439 A.3 #10",
	  "0100000000000000040000000000000000000000000000000000000000000000",
	  { .hex = "e33594d7505e43b90000000000000000"
		  "3394d7505e4379cd0100000000000000"
		  "00000000000000000000000000000000"
		  "01000000000000000000000000000000" },
	  "14000000000000005500000000000000" },
	{ "RFC8439 A.3 #11",
	  "0100000000000000040000000000000000000000000000000000000000000000",
	  { .hex = "e33594d7505e43b90000000000000000"
		  "3394d7505e4379cd0100000000000000"
		  "00000000000000000000000000000000" },
	  "13000000000000000000000000000000" },
};

/* [DONNA] tag of the 256 tags, under this key */
#define SC_DONNA_TOTAL_KEY \
	"01020304050607fffefdfcfbfaf9ffffffffffffffffffffffffffff00000000"
#define SC_DONNA_TOTAL_TAG	"64afe2e8d6ad7bbdd287f97c44623d39"

struct sc_sha3_kat {
	const char *src;
	const char *alg;		/* sha3-224 ... shake256 */
	struct sc_msg msg;
	const char *md;			/* hex; for SHAKE: the first bytes */
};

static const struct sc_sha3_kat sc_sha3_kats[] __maybe_unused = {
	{ "FIPS202 examples SHA3-224 \"\"", "sha3-224", { .text = "" },
	  "6b4e03423667dbb73b6e15454f0eb1abd4597f9a1b078e3f5b5a6bc7" },
	{ "FIPS202 examples SHA3-256 \"\"", "sha3-256", { .text = "" },
	  "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a" },
	{ "FIPS202 examples SHA3-384 \"\"", "sha3-384", { .text = "" },
	  "0c63a75b845e4f7d01107d852e4c2485c51a50aaaa94fc61995e71bbee983a2a"
	  "c3713831264adb47fb6bd1e058d5f004" },
	{ "FIPS202 examples SHA3-512 \"\"", "sha3-512", { .text = "" },
	  "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a6"
	  "15b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26" },
	{ "FIPS202 examples SHA3-224 \"abc\"", "sha3-224", { .text = "abc" },
	  "e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf" },
	{ "FIPS202 examples SHA3-256 \"abc\"", "sha3-256", { .text = "abc" },
	  "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532" },
	{ "FIPS202 examples SHA3-384 \"abc\"", "sha3-384", { .text = "abc" },
	  "ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b2"
	  "98d88cea927ac7f539f1edf228376d25" },
	{ "FIPS202 examples SHA3-512 \"abc\"", "sha3-512", { .text = "abc" },
	  "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e"
	  "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0" },
	{ "FIPS202 examples SHA3-224 1600-bit 0xa3", "sha3-224",
	  { .rep_byte = 0xa3, .rep_len = 200 },
	  "9376816aba503f72f96ce7eb65ac095deee3be4bf9bbc2a1cb7e11e0" },
	{ "FIPS202 examples SHA3-256 1600-bit 0xa3", "sha3-256",
	  { .rep_byte = 0xa3, .rep_len = 200 },
	  "79f38adec5c20307a98ef76e8324afbfd46cfd81b22e3973c65fa1bd9de31787" },
	{ "FIPS202 examples SHA3-384 1600-bit 0xa3", "sha3-384",
	  { .rep_byte = 0xa3, .rep_len = 200 },
	  "1881de2ca7e41ef95dc4732b8f5f002b189cc1e42b74168ed1732649ce1dbcdd"
	  "76197a31fd55ee989f2d7050dd473e8f" },
	{ "FIPS202 examples SHA3-512 1600-bit 0xa3", "sha3-512",
	  { .rep_byte = 0xa3, .rep_len = 200 },
	  "e76dfad22084a8b1467fcf2ffa58361bec7628edf5f3fdc0e4805dc48caeeca8"
	  "1b7c13c30adf52a3659584739a2df46be589c51ca1a4a8416df6545a1ce8ba00" },
	{ "FIPS202 SHAKE128 \"\" (first 200 bytes)", "shake128",
	  { .text = "" },
	  "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26"
	  "3cb1eea988004b93103cfb0aeefd2a686e01fa4a58e8a3639ca8a1e3f9ae57e2"
	  "35b8cc873c23dc62b8d260169afa2f75ab916a58d974918835d25e6a435085b2"
	  "badfd6dfaac359a5efbb7bcc4b59d538df9a04302e10c8bc1cbf1a0b3a5120ea"
	  "17cda7cfad765f5623474d368ccca8af0007cd9f5e4c849f167a580b14aabdef"
	  "aee7eef47cb0fca9767be1fda69419dfb927e9df07348b196691abaeb580b32d"
	  "ef58538b8d23f877" },
	{ "FIPS202 SHAKE128 \"abc\" (first 64 bytes)", "shake128",
	  { .text = "abc" },
	  "5881092dd818bf5cf8a3ddb793fbcba74097d5c526a6d35f97b83351940f2cc8"
	  "44c50af32acd3f2cdd066568706f509bc1bdde58295dae3f891a9a0fca578378" },
	{ "FIPS202 SHAKE128 1600-bit 0xa3 (first 64 bytes)", "shake128",
	  { .rep_byte = 0xa3, .rep_len = 200 },
	  "131ab8d2b594946b9c81333f9bb6e0ce75c3b93104fa3469d3917457385da037"
	  "cf232ef7164a6d1eb448c8908186ad852d3f85a5cf28da1ab6fe343817197846" },
	{ "FIPS202 SHAKE256 \"\" (first 200 bytes)", "shake256",
	  { .text = "" },
	  "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f"
	  "d75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be"
	  "141e96616fb13957692cc7edd0b45ae3dc07223c8e92937bef84bc0eab862853"
	  "349ec75546f58fb7c2775c38462c5010d846c185c15111e595522a6bcd16cf86"
	  "f3d122109e3b1fdd943b6aec468a2d621a7c06c6a957c62b54dafc3be87567d6"
	  "77231395f6147293b68ceab7a9e0c58d864e8efde4e1b9a46cbe854713672f5c"
	  "aaae314ed9083dab" },
	{ "FIPS202 SHAKE256 \"abc\" (first 64 bytes)", "shake256",
	  { .text = "abc" },
	  "483366601360a8771c6863080cc4114d8db44530f8f1e1ee4f94ea37e78b5739"
	  "d5a15bef186a5386c75744c0527e1faa9f8726e462a12a4feb06bd8801e751e4" },
	{ "FIPS202 SHAKE256 1600-bit 0xa3 (first 64 bytes)", "shake256",
	  { .rep_byte = 0xa3, .rep_len = 200 },
	  "cd8a920ed141aa0407a22d59288652e9d9f1a7ee0c1e7c1ca699424da84a904d"
	  "2d700caae7396ece96604440577da4f3aa22aeb8857f961c4cd8e06f0ae6610b" },
};

/*
 * ChaCha20-Poly1305 AEAD. rfc7539: key 32 bytes, nonce 12. rfc7539esp
 * (esp = 1): key 36 bytes (key || salt), iv 8 bytes, nonce = salt || iv;
 * the AD ends with the iv, which is not authenticated (as seqiv passes it).
 * test/afalg_vectors.py recomputes every entry from the specification.
 */
struct sc_aead_kat {
	const char *src;
	int esp;
	const char *key, *iv, *ad;	/* hex */
	struct sc_msg pt;
	const char *ct, *tag;		/* hex */
};

#define SC_HEX_A5_CT \
	"64a0861575861af460f062c79be643bd5e805cfd345cf389f108670ac76c8cb2" \
	"4c6cfc18755d43eea09ee94e382d26b0bdb7b73c321b0100d4f03b7f355894cf" \
	"332f830e710b97ce98c8a84abd0b948114ad176e008d33bd60f982b1ff37c855" \
	"9797a06ef4f0ef61c186324e2b3506383606907b6a7c02b0f9f6157b53c867e4" \
	"b9166c767b804d46a59b5216cde7a4e99040c5a40433225ee282a1b0a06c523e" \
	"af4534d7f83fa1155b0047718cbc546a0d072b04b3564eea1b422273f548271a" \
	"0bb2316053fa76991955ebd63159434ecebb4e466dae5a1073a6727627097a10" \
	"49e617d91d361094fa68f0ff77987130305beaba2eda04df997b714d6c6f2c29" \
	"a6ad5cb4022b02709b"

#define SC_HEX_282_CT \
	"d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6" \
	"3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36" \
	"92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc" \
	"3ff4def08e4b7a9de576d26586cec64b6116"

static const struct sc_aead_kat sc_aead_kats[] __maybe_unused = {
	{ "RFC8439 2.8.2 AEAD encryption", 0,
	  "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f",
	  "070000004041424344454647", "50515253c0c1c2c3c4c5c6c7",
	  { .text = SC_TXT_SUNSCREEN }, SC_HEX_282_CT,
	  "1ae10b594f09e26a7e902ecbd0600691" },
	/*
	 * The same answer in the ESP form: the nonce's first 4 bytes are the
	 * salt at the end of the key, its last 8 the iv, which also ends the
	 * AD.  A.5's nonce starts with 4 zero bytes, so only this entry
	 * shows that the salt goes into the nonce.
	 */
	{ "RFC8439 2.8.2 in the rfc7539esp form (salt 07000000)", 1,
	  "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
	  "07000000",
	  "4041424344454647", "50515253c0c1c2c3c4c5c6c74041424344454647",
	  { .text = SC_TXT_SUNSCREEN }, SC_HEX_282_CT,
	  "1ae10b594f09e26a7e902ecbd0600691" },
	{ "RFC8439 A.5 AEAD decryption", 0,
	  "1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0",
	  "000000000102030405060708", "f33388860000000000004e91",
	  { .text = SC_TXT_DRAFTS }, SC_HEX_A5_CT,
	  "eead9d67890cbb22392336fea1851f38" },
	{ "Linux crypto/testmgr.h rfc7539esp_tv_template[0] (RFC8439 A.5)", 1,
	  "1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0"
	  "00000000",
	  "0102030405060708", "f33388860000000000004e910102030405060708",
	  { .text = SC_TXT_DRAFTS }, SC_HEX_A5_CT,
	  "eead9d67890cbb22392336fea1851f38" },
};

#endif
