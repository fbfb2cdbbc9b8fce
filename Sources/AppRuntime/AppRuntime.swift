// AppRuntime module: see ARCHITECTURE.md
