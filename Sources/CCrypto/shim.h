#ifndef CCRYPTO_SHIM_H
#define CCRYPTO_SHIM_H
// The system's libcrypto (OpenSSL 3), for SHA-256 only: the EVP digest interface, which is
// not deprecated (SHA256_Init and its kin are, since OpenSSL 3.0).
#include <openssl/evp.h>
#endif
