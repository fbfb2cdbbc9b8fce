// StackRetrieval module: see ARCHITECTURE.md
