#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# Independent (pure Python, straight from the specs) ChaCha / HChaCha /
# XChaCha / Poly1305 / ChaCha20-Poly1305 used to check the known answers in
# test/afalg.c and the AEAD ones in test/vectors.h (read from that file:
# the vectors live there only), and to compute the XChaCha12 vector in
# test/afalg.c, which no standard publishes.
#
#   python3 test/afalg_vectors.py          # checks, then prints the vectors
#
# SHA-3 answers are checked against Python's hashlib (OpenSSL).

import hashlib
import os
import re
import struct
import sys

MASK = 0xffffffff


def rotl(v, c):
    return ((v << c) & MASK) | (v >> (32 - c))


def qr(x, a, b, c, d):
    x[a] = (x[a] + x[b]) & MASK; x[d] = rotl(x[d] ^ x[a], 16)
    x[c] = (x[c] + x[d]) & MASK; x[b] = rotl(x[b] ^ x[c], 12)
    x[a] = (x[a] + x[b]) & MASK; x[d] = rotl(x[d] ^ x[a], 8)
    x[c] = (x[c] + x[d]) & MASK; x[b] = rotl(x[b] ^ x[c], 7)


def rounds(x, nrounds):
    for _ in range(nrounds // 2):
        qr(x, 0, 4, 8, 12); qr(x, 1, 5, 9, 13); qr(x, 2, 6, 10, 14); qr(x, 3, 7, 11, 15)
        qr(x, 0, 5, 10, 15); qr(x, 1, 6, 11, 12); qr(x, 2, 7, 8, 13); qr(x, 3, 4, 9, 14)


SIGMA = struct.unpack('<4I', b'expand 32-byte k')


def chacha_block(key, ctr_nonce16, nrounds):
    """RFC 8439 2.3; ctr_nonce16 = the 4 state words 12..15 (LE)."""
    s = list(SIGMA) + list(struct.unpack('<8I', key)) + list(struct.unpack('<4I', ctr_nonce16))
    x = s[:]
    rounds(x, nrounds)
    return struct.pack('<16I', *[(a + b) & MASK for a, b in zip(x, s)])


def chacha(key, iv16, data, nrounds=20):
    """The kernel's "chacha20" skcipher: iv = LE32 counter || 96-bit nonce.
    The block counter is state word 12 only and wraps at 2^32 without a
    carry into word 13 (the kernel's chacha_block_generic: x[12]++)."""
    ctr = struct.unpack('<I', iv16[:4])[0]
    out = bytearray()
    for i in range(0, len(data), 64):
        ks = chacha_block(key, struct.pack('<I', ctr) + iv16[4:], nrounds)
        out += bytes(a ^ b for a, b in zip(data[i:i + 64], ks))
        ctr = (ctr + 1) & MASK
    return bytes(out)


def hchacha(key, nonce16, nrounds):
    """draft-irtf-cfrg-xchacha 2.2."""
    x = list(SIGMA) + list(struct.unpack('<8I', key)) + list(struct.unpack('<4I', nonce16))
    rounds(x, nrounds)
    return struct.pack('<8I', *(x[0:4] + x[12:16]))


def xchacha(key, iv32, data, nrounds):
    """The kernel's "xchacha20"/"xchacha12": iv = 24-byte nonce || LE64
    counter. Subkey = HChaCha(key, nonce[0:16]); then ChaCha with state
    words 12..15 = counter(64) || nonce[16:24]."""
    sub = hchacha(key, iv32[:16], nrounds)
    # state words 12..15 = iv[24:32] (counter) || iv[16:24] (nonce tail);
    # like chacha20 only word 12 counts (kernel semantics: no carry into
    # word 13, unlike libsodium's 64-bit counter)
    return chacha(sub, iv32[24:32] + iv32[16:24], data, nrounds)


def poly1305(key, msg):
    """RFC 8439 2.5."""
    r = int.from_bytes(key[:16], 'little') & 0x0ffffffc0ffffffc0ffffffc0fffffff
    s = int.from_bytes(key[16:32], 'little')
    p = (1 << 130) - 5
    acc = 0
    for i in range(0, len(msg), 16):
        n = int.from_bytes(msg[i:i + 16] + b'\x01', 'little')
        acc = (acc + n) * r % p
    return ((acc + s) & ((1 << 128) - 1)).to_bytes(16, 'little')


def aead(key, nonce, ad, pt):
    """RFC 8439 2.8: ChaCha20 from block 1, Poly1305 keyed by block 0 over
    AD || pad16 || CT || pad16 || le64(len AD) || le64(len CT)."""
    otk = chacha_block(key, struct.pack('<I', 0) + nonce, 20)[:32]
    ct = chacha(key, struct.pack('<I', 1) + nonce, pt)

    def pad(b):
        return b + bytes(-len(b) % 16)
    mac = pad(ad) + pad(ct) + struct.pack('<QQ', len(ad), len(ct))
    return ct, poly1305(otk, mac)


def c_string(lits):
    """Concatenated C string literals (source text) -> bytes."""
    out = bytearray()
    for lit in re.findall(r'"((?:[^"\\]|\\.)*)"', lits):
        i = 0
        while i < len(lit):
            if lit[i] == '\\':
                if lit[i + 1] == 'x':
                    m = re.match(r'[0-9a-fA-F]+', lit[i + 2:])
                    out.append(int(m.group(0), 16))
                    i += 2 + len(m.group(0))
                else:
                    out += lit[i + 1].encode()
                    i += 2
            else:
                out += lit[i].encode()
                i += 1
    return bytes(out)


def vectors_h_aead():
    """The entries of sc_aead_kats[] in test/vectors.h, as dicts."""
    src = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'vectors.h')).read()
    src = re.sub(r'/\*.*?\*/', '', src, flags=re.S)
    macros = {m.group(1): m.group(2) for m in
              re.finditer(r'#define (SC_\w+)[ \t]*\\?\n((?:.*\\\n)*.*)', src)}
    body = src[src.index('sc_aead_kats[] = {'):]
    body = body[body.index('{') + 1:body.index('\n};')]
    for name, val in macros.items():
        body = body.replace(name, val.replace('\\\n', ' '))
    ents = []
    depth = 0
    for ch in body:
        if ch == '{':
            depth += 1
            if depth == 1:
                cur = ''
                continue
        elif ch == '}':
            depth -= 1
            if depth == 0:
                ents.append(cur)
                continue
        if depth >= 1:
            cur += ch
    out = []
    for e in ents:
        pt = re.search(r'\{\s*\.(text|hex)\s*=\s*((?:"(?:[^"\\]|\\.)*"\s*)+)\}', e)
        rest = e[:pt.start()] + e[pt.end():]
        fields = [f.strip() for f in rest.split(',') if f.strip()]
        src_, esp, key, iv, ad, ct, tag = fields
        ptb = c_string(pt.group(2))
        if pt.group(1) == 'hex':
            ptb = H(ptb.decode())
        out.append(dict(src=c_string(src_).decode(), esp=int(esp), key=H(c_string(key).decode()),
                        iv=H(c_string(iv).decode()), ad=H(c_string(ad).decode()), pt=ptb,
                        ct=H(c_string(ct).decode()), tag=H(c_string(tag).decode())))
    return out


H = bytes.fromhex

# RFC 8439 2.4.2
RFC_KEY = bytes(range(32))
RFC_IV = H('01000000' '000000000000004a00000000')
RFC_PT = (b"Ladies and Gentlemen of the class of '99: If I could offer you only "
          b"one tip for the future, sunscreen would be it.")
RFC_CT = H('6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0b'
           'f91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8'
           '07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736'
           '5af90bbf74a35be6b40b8eedf2785e42874d')

# RFC 8439 2.5.2
POLY_KEY = H('85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b')
POLY_MSG = b'Cryptographic Forum Research Group'
POLY_TAG = H('a8061dc1305136c6c22b8baf0c0127a9')

# draft-irtf-cfrg-xchacha-03 A.3.2 (also in the kernel's testmgr.h)
X_KEY = bytes(range(0x80, 0xa0))
X_IV = H('404142434445464748494a4b4c4d4e4f5051525354555658') + bytes(8)
X_PT = (b'The dhole (pronounced "dole") is also known as the Asiatic wild dog, '
        b'red dog, and whistling dog. It is about the size of a German shepherd '
        b'but looks more like a long-legged fox. This highly elusive and skilled '
        b'jumper is classified with wolves, coyotes, jackals, and foxes in the '
        b'taxonomic family Canidae.')
X_CT = H('4559abba4e48c16102e8bb2c05e6947f50a786de162f9b0b7e592a9b53d0d4e9'
         '8d8d6410d540a1a6375b26d80dace4fab52384c731acbf16a5923c0c48d3575d'
         '4d0d2c673b666faa731061277701093a6bf7a158a8864292a41c48e3a9b4c0da'
         'ece0f8d98d0d7e05b37a307bbb66333164ec9e1b24ea0d6c3ffddcec4f68e744'
         '3056193a03c810e11344ca06d8ed8a2bfb1e8d48cfa6bc0eb4e2464b74814240'
         '7c9f431aee769960e15ba8b96890466ef24575998523 85c661f752ce20f9da0c'
         '09ab6b19df74e76a95967446f8d0fd415e7bee2a12a114c20eb5292ae7a349ae'
         '577820d5520a1f3fb62a17ce6a7e68fa7c79111d8860920bc048ef43fe84486c'
         'cb87c25f0ae045f0cce1e7989a9aa220a28bdd4827e751a24a6d5c62d790a663'
         '93b93111c1a55dd7421a10184974c7c5'.replace(' ', ''))


def cstr(b):
    return ''.join('\\x%02x' % c for c in b)


def main():
    ok = True

    def check(name, got, want):
        nonlocal ok
        if got != want:
            ok = False
            print('MISMATCH %s\n  got  %s\n  want %s' % (name, got.hex(), want.hex()))
        else:
            print('ok %s' % name)

    check('chacha20 RFC 8439 2.4.2', chacha(RFC_KEY, RFC_IV, RFC_PT), RFC_CT)
    check('poly1305 RFC 8439 2.5.2', poly1305(POLY_KEY, POLY_MSG), POLY_TAG)
    check('xchacha20 draft A.3.2', xchacha(X_KEY, X_IV, X_PT, 20), X_CT)
    # HChaCha20 draft 2.2.1
    check('hchacha20 draft 2.2.1',
          hchacha(bytes(range(32)), H('000000090000004a0000000031415927'), 20),
          H('82413b4227b27bfed30e42508a877d73a0f9e4d58a74a853c12ec41326d3ecdc'))
    # RFC 8439 2.6.2 (Poly1305 key generation), then every AEAD entry of
    # test/vectors.h
    check('poly1305 key gen RFC 8439 2.6.2',
          chacha_block(bytes(range(0x80, 0xa0)), bytes(4) + H('000000000001020304050607'), 20)[:32],
          H('8ad5a08b905f81cc815040274ab29471a833b637e3fd0da508dbb8e2fdd1a646'))
    kats = vectors_h_aead()
    if len(kats) < 3:
        ok = False
        print('MISMATCH test/vectors.h: only %d AEAD entries parsed' % len(kats))
    for k in kats:
        key, nonce, ad = k['key'], k['iv'], k['ad']
        if k['esp']:
            key, nonce, ad = key[:32], key[32:] + k['iv'], ad[:-8]
        ct, tag = aead(key, nonce, ad, k['pt'])
        check('aead ' + k['src'], ct + tag, k['ct'] + k['tag'])
    for n in (224, 256, 384, 512):
        for m in (b'', b'abc'):
            print('sha3-%d(%r) = %s' % (n, m, hashlib.new('sha3_%d' % n, m).hexdigest()))

    xc12 = xchacha(X_KEY, X_IV, X_PT, 12)
    print('\n/* xchacha12 of the draft A.3.2 key/iv/plaintext (computed here) */')
    for i in range(0, len(xc12), 32):
        print('\t"%s"' % cstr(xc12[i:i + 32]))
    # a second one whose 32-bit block counter wraps after one block
    iv2 = X_IV[:24] + struct.pack('<Q', 0xffffffff)
    xc12b = xchacha(X_KEY, iv2, bytes(200), 12)
    print('\n/* xchacha12, same key, nonce, counter 0xffffffff (wraps to 0, no carry), 200 zero bytes */')
    for i in range(0, len(xc12b), 32):
        print('\t"%s"' % cstr(xc12b[i:i + 32]))
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
