// StackDump module: see ARCHITECTURE.md
