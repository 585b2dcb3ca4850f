// The app's tests compile without Node's types. tv.test.tsx needs one thing of Node's: its own
// console, on which happy-dom reports what it refuses to load.
declare module "node:console" {
  const console: Console;
  export default console;
}
