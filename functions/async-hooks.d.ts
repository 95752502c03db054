// workerd implements node:async_hooks' AsyncLocalStorage under nodejs_compat; the Worker's types leave Node's out
// (functions/tsconfig.json), so the one class we use is declared here.
declare module "node:async_hooks" {
  export class AsyncLocalStorage<T> {
    run<R>(store: T, callback: () => R): R;
    getStore(): T | undefined;
  }
}
