// v8-compile-cache ships no types: it is loaded for its effect (a code-cache hook on require).
declare module 'v8-compile-cache';
