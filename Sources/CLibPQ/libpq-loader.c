// The libpq functions the PostgreSQL engine calls, each forwarding to the library loaded by
// clibpq_load() with dlopen (https://man7.org/linux/man-pages/man3/dlopen.3.html): the same
// names and signatures as libpq-fe.h declares, so the Swift code calls them as if libpq were
// linked. clibpq_load() resolves every one of them at once, so after it succeeds no call can
// meet a missing function.
#include "CLibPQ.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#if defined(__APPLE__)
#define CLIBPQ_LIBRARY "libpq.5.dylib"
#else
#define CLIBPQ_LIBRARY "libpq.so.5"
#endif

// X(return type, name, parameters, arguments) for each function with a result;
// V(name, parameters, arguments) for each without.
#define CLIBPQ_FUNCTIONS(X, V)                                                                 \
  X(PGconn *, PQconnectdbParams,                                                               \
    (const char *const *keywords, const char *const *values, int expand_dbname),               \
    (keywords, values, expand_dbname))                                                         \
  X(PQconninfoOption *, PQconninfoParse, (const char *conninfo, char **errmsg),                \
    (conninfo, errmsg))                                                                        \
  V(PQconninfoFree, (PQconninfoOption * options), (options))                                   \
  V(PQfinish, (PGconn * conn), (conn))                                                         \
  V(PQfreemem, (void *ptr), (ptr))                                                             \
  V(PQclear, (PGresult * res), (res))                                                          \
  X(ConnStatusType, PQstatus, (const PGconn *conn), (conn))                                    \
  X(PGTransactionStatusType, PQtransactionStatus, (const PGconn *conn), (conn))                \
  X(char *, PQerrorMessage, (const PGconn *conn), (conn))                                      \
  X(char *, PQuser, (const PGconn *conn), (conn))                                              \
  X(int, PQsocket, (const PGconn *conn), (conn))                                               \
  X(int, PQbackendPID, (const PGconn *conn), (conn))                                           \
  X(int, PQconsumeInput, (PGconn * conn), (conn))                                              \
  X(PGnotify *, PQnotifies, (PGconn * conn), (conn))                                           \
  X(char *, PQescapeIdentifier, (PGconn * conn, const char *str, size_t len), (conn, str, len)) \
  X(PGresult *, PQexec, (PGconn * conn, const char *query), (conn, query))                     \
  X(PGresult *, PQexecParams,                                                                  \
    (PGconn * conn, const char *command, int nParams, const Oid *paramTypes,                   \
     const char *const *paramValues, const int *paramLengths, const int *paramFormats,         \
     int resultFormat),                                                                        \
    (conn, command, nParams, paramTypes, paramValues, paramLengths, paramFormats,              \
     resultFormat))                                                                            \
  X(PGresult *, PQprepare,                                                                     \
    (PGconn * conn, const char *stmtName, const char *query, int nParams,                      \
     const Oid *paramTypes),                                                                   \
    (conn, stmtName, query, nParams, paramTypes))                                              \
  X(PGresult *, PQexecPrepared,                                                                \
    (PGconn * conn, const char *stmtName, int nParams, const char *const *paramValues,         \
     const int *paramLengths, const int *paramFormats, int resultFormat),                      \
    (conn, stmtName, nParams, paramValues, paramLengths, paramFormats, resultFormat))          \
  X(int, PQsendQueryParams,                                                                    \
    (PGconn * conn, const char *command, int nParams, const Oid *paramTypes,                   \
     const char *const *paramValues, const int *paramLengths, const int *paramFormats,         \
     int resultFormat),                                                                        \
    (conn, command, nParams, paramTypes, paramValues, paramLengths, paramFormats,              \
     resultFormat))                                                                            \
  X(int, PQsetSingleRowMode, (PGconn * conn), (conn))                                          \
  X(PGresult *, PQgetResult, (PGconn * conn), (conn))                                          \
  X(ExecStatusType, PQresultStatus, (const PGresult *res), (res))                              \
  X(char *, PQresultErrorMessage, (const PGresult *res), (res))                                \
  X(char *, PQresultErrorField, (const PGresult *res, int fieldcode), (res, fieldcode))        \
  X(int, PQntuples, (const PGresult *res), (res))                                              \
  X(int, PQnfields, (const PGresult *res), (res))                                              \
  X(int, PQbinaryTuples, (const PGresult *res), (res))                                         \
  X(char *, PQgetvalue, (const PGresult *res, int tup_num, int field_num),                     \
    (res, tup_num, field_num))                                                                 \
  X(int, PQgetlength, (const PGresult *res, int tup_num, int field_num),                       \
    (res, tup_num, field_num))                                                                 \
  X(int, PQgetisnull, (const PGresult *res, int tup_num, int field_num),                       \
    (res, tup_num, field_num))                                                                 \
  X(char *, PQcmdStatus, (PGresult * res), (res))                                              \
  X(char *, PQcmdTuples, (PGresult * res), (res))                                              \
  X(int, PQputCopyData, (PGconn * conn, const char *buffer, int nbytes),                       \
    (conn, buffer, nbytes))                                                                    \
  X(int, PQputCopyEnd, (PGconn * conn, const char *errormsg), (conn, errormsg))               \
  X(int, PQgetCopyData, (PGconn * conn, char **buffer, int async), (conn, buffer, async))      \
  X(PQnoticeProcessor, PQsetNoticeProcessor,                                                   \
    (PGconn * conn, PQnoticeProcessor proc, void *arg), (conn, proc, arg))

// The loaded functions, one pointer each, set once by load().
#define CLIBPQ_POINTER(type, name, parameters, arguments) static type(*loaded_##name) parameters;
#define CLIBPQ_VOID_POINTER(name, parameters, arguments) static void(*loaded_##name) parameters;
CLIBPQ_FUNCTIONS(CLIBPQ_POINTER, CLIBPQ_VOID_POINTER)

static pthread_once_t once = PTHREAD_ONCE_INIT;
static const char *problem = "libpq was not loaded";
static char message[512];

static void load(void) {
  void *library = dlopen(CLIBPQ_LIBRARY, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char *reason = dlerror();
    snprintf(message, sizeof message, "%s", reason ? reason : CLIBPQ_LIBRARY " not found");
    problem = message;
    return;
  }
  // POSIX lets a data pointer from dlsym be converted to a function pointer.
#define CLIBPQ_RESOLVE(name)                                                                   \
  *(void **)(&loaded_##name) = dlsym(library, #name);                                          \
  if (loaded_##name == NULL) {                                                                 \
    snprintf(message, sizeof message, "%s has no function %s", CLIBPQ_LIBRARY, #name);         \
    problem = message;                                                                         \
    return;                                                                                    \
  }
#define CLIBPQ_RESOLVE_X(type, name, parameters, arguments) CLIBPQ_RESOLVE(name)
#define CLIBPQ_RESOLVE_V(name, parameters, arguments) CLIBPQ_RESOLVE(name)
  CLIBPQ_FUNCTIONS(CLIBPQ_RESOLVE_X, CLIBPQ_RESOLVE_V)
  problem = NULL;
}

const char *clibpq_load(void) {
  pthread_once(&once, load);
  return problem;
}

// Reached only through a function called before clibpq_load() succeeded: a bug in the
// engine, never something input can cause.
__attribute__((noreturn)) static void not_loaded(const char *name) {
  fprintf(stderr, "catalog: libpq's %s called before libpq was loaded\n", name);
  abort();
}

#define CLIBPQ_FORWARD(type, name, parameters, arguments)                                      \
  type name parameters {                                                                       \
    if (clibpq_load() != NULL) not_loaded(#name);                                              \
    return loaded_##name arguments;                                                            \
  }
#define CLIBPQ_FORWARD_VOID(name, parameters, arguments)                                       \
  void name parameters {                                                                       \
    if (clibpq_load() != NULL) not_loaded(#name);                                              \
    loaded_##name arguments;                                                                   \
  }
CLIBPQ_FUNCTIONS(CLIBPQ_FORWARD, CLIBPQ_FORWARD_VOID)

// A notice processor that drops the message: libpq's default prints every notice (a server's
// WARNING, or the FATAL "terminating connection due to administrator command" of a server
// that restarts) raw on the process's stderr, where an app's user would read it. The engine
// reports what matters as errors in its own words.
static void quiet_notice(void *arg, const char *message) {
  (void)arg;
  (void)message;
}

void clibpq_quiet_notices(PGconn *conn) { PQsetNoticeProcessor(conn, quiet_notice, NULL); }
