// The server's entry point. On Node 22 and later, Node's compile cache is turned on before
// the server's code loads: a restart reads the compiled code of the ~5 MB it loads from the
// cache instead of compiling it again (docs/performance.md). Node 20 has no such cache and
// starts as before. The cache lives in the system's temporary directory (or where
// NODE_COMPILE_CACHE says) and is checked against each file's contents.
import module from 'node:module';

(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
await import('./serve');
