/*
 * ABI shim for the FFM lower half: compiled by ./mana setup once per installed MPI
 * (mpicc.openmpi / mpicc.mpich), so every constant, handle and size below comes from
 * that implementation's own mpi.h. Nothing here is specific to one implementation.
 *
 * Handles are read at run time (Open MPI's are addresses of globals, different in every
 * process), never printed at build time.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <mpi.h>

#define MAX_ENTRIES 512
static const char *names[MAX_ENTRIES];
static int64_t values[MAX_ENTRIES];
static int count = -1;

#define V(name, expr) do { if (count < MAX_ENTRIES) { names[count] = name; values[count] = (int64_t)(expr); count++; } } while (0)
/* A constant of mpi.h, if this implementation defines it. */
#define I(x) V(#x, (x))
/* A handle or pointer constant (Open MPI: the address of a global). */
#define H(x) V(#x, (intptr_t)(x))

/* The value-index pairs of MPI_2INT, MPI_SHORT_INT, ... as the C compiler lays them out. */
struct mana_int2 { int a; int b; };
struct mana_short_int { short a; int b; };
struct mana_long_int { long a; int b; };
struct mana_float_int { float a; int b; };
struct mana_double_int { double a; int b; };

static void fill(void)
{
    count = 0;
#include "mana_abi_constants.h"
    /* Sizes and layouts the Java side needs. */
    V("sizeof(MPI_Comm)", sizeof(MPI_Comm));
    V("sizeof(MPI_Datatype)", sizeof(MPI_Datatype));
    V("sizeof(MPI_Op)", sizeof(MPI_Op));
    V("sizeof(MPI_Request)", sizeof(MPI_Request));
    V("sizeof(MPI_Group)", sizeof(MPI_Group));
    V("sizeof(MPI_Info)", sizeof(MPI_Info));
    V("sizeof(MPI_Errhandler)", sizeof(MPI_Errhandler));
    V("sizeof(MPI_Message)", sizeof(MPI_Message));
    V("sizeof(MPI_Win)", sizeof(MPI_Win));
    V("sizeof(MPI_File)", sizeof(MPI_File));
    V("sizeof(MPI_Aint)", sizeof(MPI_Aint));
    V("sizeof(MPI_Offset)", sizeof(MPI_Offset));
    V("sizeof(MPI_Count)", sizeof(MPI_Count));
    V("sizeof(MPI_Fint)", sizeof(MPI_Fint));
    V("sizeof(MPI_Status)", sizeof(MPI_Status));
    V("sizeof(short)", sizeof(short));
    V("sizeof(int)", sizeof(int));
    V("sizeof(long)", sizeof(long));
    V("offsetof(int2,b)", offsetof(struct mana_int2, b));
    V("offsetof(short_int,b)", offsetof(struct mana_short_int, b));
    V("offsetof(long_int,b)", offsetof(struct mana_long_int, b));
    V("offsetof(float_int,b)", offsetof(struct mana_float_int, b));
    V("offsetof(double_int,b)", offsetof(struct mana_double_int, b));
    V("offsetof(MPI_Status,MPI_SOURCE)", offsetof(MPI_Status, MPI_SOURCE));
    V("offsetof(MPI_Status,MPI_TAG)", offsetof(MPI_Status, MPI_TAG));
    V("offsetof(MPI_Status,MPI_ERROR)", offsetof(MPI_Status, MPI_ERROR));
}

int mana_abi_count(void)
{
    if (count < 0) fill();
    return count;
}

const char *mana_abi_name(int i)
{
    return i >= 0 && i < mana_abi_count() ? names[i] : NULL;
}

int64_t mana_abi_value(int i)
{
    return i >= 0 && i < mana_abi_count() ? values[i] : 0;
}

/*
 * The whole table in one call, as "NAME VALUE\n" lines (VALUE in decimal) into buf: the Java
 * side links one downcall (of the shape mana_abi_promote_global has too) and makes one call
 * instead of three shapes and two calls per entry. Returns the text's length without the
 * terminating NUL; the text is complete only when that is less than len (else call again with
 * more room).
 */
int mana_abi_table(char *buf, int len)
{
    int n = mana_abi_count();
    int used = 0;
    for (int i = 0; i < n; i++) {
        int room = used < len ? len - used : 0;
        int w = snprintf(room > 0 ? buf + used : NULL, (size_t)room, "%s %lld\n", names[i], (long long)values[i]);
        if (w < 0) return -1;
        used += w;
    }
    if (len > 0 && used >= len) buf[len - 1] = 0;
    return used;
}

/*
 * Makes the MPI library's symbols global, as Open MPI's JNI_OnLoad does: its MCA
 * components are dlopen'ed plugins that resolve libmpi/libopen-pal symbols globally, and
 * the JVM loads this shim (and so libmpi) with RTLD_LOCAL. The library is found from
 * MPI_Init's address, so no file name is assumed. Returns 0 on success.
 */
int mana_abi_promote_global(char *path, int len)
{
    Dl_info info;
    if (!dladdr((void *)&MPI_Init, &info) || info.dli_fname == NULL) return 1;
    if (path != NULL && len > 0) {
        strncpy(path, info.dli_fname, (size_t)len - 1);
        path[len - 1] = 0;
    }
    return dlopen(info.dli_fname, RTLD_NOW | RTLD_GLOBAL | RTLD_NOLOAD) == NULL ? 2 : 0;
}

/*
 * MPI_Status <-> the Java binding's long[5] (source, tag, error, cancelled, byte count),
 * through standard MPI calls only, so the hidden fields of each implementation's
 * MPI_Status (Open MPI: _cancelled, _ucount; MPICH: count_lo, count_hi_and_cancelled)
 * are never named. For Open MPI the values equal what its JNI binding stores.
 */
void mana_status_to_java(const MPI_Status *s, int64_t *d)
{
    int flag = 0;
    MPI_Count bytes = 0;
    d[0] = s->MPI_SOURCE;
    d[1] = s->MPI_TAG;
    d[2] = s->MPI_ERROR;
    MPI_Test_cancelled(s, &flag);
    MPI_Get_elements_x(s, MPI_BYTE, &bytes);
    d[3] = flag;
    d[4] = (int64_t)bytes;
}

int mana_status_from_java(MPI_Status *s, const int64_t *d)
{
    memset(s, 0, sizeof(*s));
    s->MPI_SOURCE = (int)d[0];
    s->MPI_TAG = (int)d[1];
    s->MPI_ERROR = (int)d[2];
    int rc = MPI_Status_set_elements_x(s, MPI_BYTE, (MPI_Count)d[4]);
    if (rc != MPI_SUCCESS) return rc;
    return MPI_Status_set_cancelled(s, (int)d[3]);
}

/* Many statuses at once: one downcall for waitAll/testAll/waitSome. */
void mana_statuses_to_java(const MPI_Status *s, int n, int64_t *d, int stride)
{
    for (int i = 0; i < n; i++) mana_status_to_java(s + i, d + (ptrdiff_t)i * stride);
}

/*
 * MPI_Irecv from MPI_PROC_NULL completes at once with source MPI_PROC_NULL, tag MPI_ANY_TAG
 * and count 0 (MPI 4.0, section 3.11; Open MPI reports that). MPICH 4.0.2 reports source 0,
 * tag 0. When the library's status of such a request says otherwise, the request is replaced
 * by a completed generalized request whose status is the standard one (nothing else differs:
 * no data moves, a cancel has nothing to cancel).
 */
static int proc_null_query(void *extra, MPI_Status *s)
{
    (void)extra;
    s->MPI_SOURCE = MPI_PROC_NULL;
    s->MPI_TAG = MPI_ANY_TAG;
    s->MPI_ERROR = MPI_SUCCESS;
    int rc = MPI_Status_set_elements_x(s, MPI_BYTE, 0);
    return rc != MPI_SUCCESS ? rc : MPI_Status_set_cancelled(s, 0);
}

static int proc_null_free(void *extra)
{
    (void)extra;
    return MPI_SUCCESS;
}

static int proc_null_cancel(void *extra, int complete)
{
    (void)extra; (void)complete;
    return MPI_SUCCESS;
}

int mana_proc_null_recv(MPI_Request *r)
{
    int flag = 0;
    MPI_Status s;
    int rc = MPI_Request_get_status(*r, &flag, &s);
    if (rc != MPI_SUCCESS || !flag || (s.MPI_SOURCE == MPI_PROC_NULL && s.MPI_TAG == MPI_ANY_TAG)) return rc;
    rc = MPI_Wait(r, MPI_STATUS_IGNORE);
    if (rc != MPI_SUCCESS) return rc;
    rc = MPI_Grequest_start(proc_null_query, proc_null_free, proc_null_cancel, NULL, r);
    return rc != MPI_SUCCESS ? rc : MPI_Grequest_complete(*r);
}

/*
 * Attribute values of the Java binding: a byte[] kept as {int length; bytes}, copied when a
 * communicator or datatype is duplicated and freed when deleted (as ompi_java_attrCopy and
 * ompi_java_attrDelete). Plain C with the standard callback signatures.
 */
#include <stdlib.h>

void *mana_attr_new(const void *bytes, int length)
{
    char *v = malloc(sizeof(int) + (size_t)length);
    if (v == NULL) return NULL;
    memcpy(v, &length, sizeof(int));
    memcpy(v + sizeof(int), bytes, (size_t)length);
    return v;
}

static int attr_copy(void *in, void *out, int *flag)
{
    int length;
    memcpy(&length, in, sizeof(int));
    void *copy = malloc(sizeof(int) + (size_t)length);
    if (copy == NULL) return MPI_ERR_NO_MEM;
    memcpy(copy, in, sizeof(int) + (size_t)length);
    *(void **)out = copy;
    *flag = 1;
    return MPI_SUCCESS;
}

int mana_comm_attr_copy(MPI_Comm c, int k, void *extra, void *in, void *out, int *flag)
{
    (void)c; (void)k; (void)extra;
    return attr_copy(in, out, flag);
}

int mana_comm_attr_delete(MPI_Comm c, int k, void *value, void *extra)
{
    (void)c; (void)k; (void)extra;
    free(value);
    return MPI_SUCCESS;
}

int mana_type_attr_copy(MPI_Datatype t, int k, void *extra, void *in, void *out, int *flag)
{
    (void)t; (void)k; (void)extra;
    return attr_copy(in, out, flag);
}

int mana_type_attr_delete(MPI_Datatype t, int k, void *value, void *extra)
{
    (void)t; (void)k; (void)extra;
    free(value);
    return MPI_SUCCESS;
}

void mana_free(void *p)
{
    free(p);
}

int mana_win_attr_copy(MPI_Win w, int k, void *extra, void *in, void *out, int *flag)
{
    (void)w; (void)k; (void)extra;
    return attr_copy(in, out, flag);
}

int mana_win_attr_delete(MPI_Win w, int k, void *value, void *extra)
{
    (void)w; (void)k; (void)extra;
    free(value);
    return MPI_SUCCESS;
}

/*
 * Bytes written to fd that its reader has not read yet, when fd is a pipe (0 otherwise).
 * Before MPI_Abort the FFM lower half waits for the launcher (hydra's proxy) to have read
 * the rank's stdout/stderr: hydra forwards what it has read before the abort, and drops
 * what is still in the pipe when it kills the job.
 */
int mana_unread(int fd)
{
    struct stat st;
    int n = 0;
    if (fstat(fd, &st) != 0 || !S_ISFIFO(st.st_mode)) return 0;
    return ioctl(fd, FIONREAD, &n) == 0 ? n : 0;
}
