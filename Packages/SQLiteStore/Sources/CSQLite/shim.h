// The system's SQLite: libsqlite3-dev on Linux (found through pkg-config), the SDK's library on
// Apple platforms. Swift has no `import SQLite3` on Linux, so this target names the header itself.
#include <sqlite3.h>
