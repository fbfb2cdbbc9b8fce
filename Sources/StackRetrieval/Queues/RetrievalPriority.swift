/// How urgent a load is; decides which queue runs it.
public enum RetrievalPriority: Sendable, Hashable, CaseIterable {
    /// Something the user is waiting for (the screen they opened).
    case userInitiated
    /// Work ahead of the user (the next page); runs on the lower-priority background queue.
    case prefetch
}
