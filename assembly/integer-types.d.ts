// For TypeScript only: the AssemblyScript integer type that assembly/facts.ts, the one file both
// compilers read, writes its functions in. To TypeScript an i32 is a number; asc has the type built in
// and never reads this file.
type i32 = number;
