#ifndef CLIBPQ_H
#define CLIBPQ_H

// libpq's declarations, for the PostgreSQL engine. The library itself is not linked: it is
// loaded on first use by clibpq_load() (see libpq-loader.c), so that the many commands that
// never connect to PostgreSQL do not map libpq and the TLS, Kerberos and LDAP libraries it
// pulls in (about 5 MiB of every process's memory).
#if __has_include(<postgresql/libpq-fe.h>)
#include <postgresql/libpq-fe.h>
#else
#include <libpq-fe.h>
#endif

// The PG_DIAG_* field codes are character-literal macros, which Swift does not import; these
// constants give Swift the same values (https://www.postgresql.org/docs/current/libpq-exec.html).
static const int clibpq_diag_sqlstate = PG_DIAG_SQLSTATE;
static const int clibpq_diag_message_primary = PG_DIAG_MESSAGE_PRIMARY;
static const int clibpq_diag_message_detail = PG_DIAG_MESSAGE_DETAIL;
static const int clibpq_diag_message_hint = PG_DIAG_MESSAGE_HINT;

// Loads libpq and every function the engine calls, once per process (thread-safe). Returns
// NULL when they are loaded, else why not (the dynamic loader's message, or the function
// the library lacks). Call it, and stop on an error, before any other libpq function.
const char *clibpq_load(void);

// Installs a notice processor that drops libpq's notices (its default prints them raw on
// stderr). Call it on every connection right after it is made.
void clibpq_quiet_notices(PGconn *conn);

#endif
