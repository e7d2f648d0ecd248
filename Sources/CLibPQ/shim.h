#ifndef CLIBPQ_SHIM_H
#define CLIBPQ_SHIM_H
#include <libpq-fe.h>

// The PG_DIAG_* field codes are character-literal macros, which Swift does not import; these
// constants give Swift the same values (https://www.postgresql.org/docs/current/libpq-exec.html).
static const int clibpq_diag_sqlstate = PG_DIAG_SQLSTATE;
static const int clibpq_diag_message_primary = PG_DIAG_MESSAGE_PRIMARY;
static const int clibpq_diag_message_detail = PG_DIAG_MESSAGE_DETAIL;
static const int clibpq_diag_message_hint = PG_DIAG_MESSAGE_HINT;
#endif
