/// How urgent a load is: the app core asks for it with each load, and the retrieval layer runs it on the queue it
/// names.
public enum LoadPriority: Sendable, Hashable, CaseIterable {
    /// Something the user is waiting for (the screen they opened).
    case userInitiated
    /// Work ahead of the user (the next page); runs on the lower-priority background queue.
    case prefetch
}
