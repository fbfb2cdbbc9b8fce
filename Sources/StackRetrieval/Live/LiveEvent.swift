import Foundation
import StackAPI

/// What a `LiveSource` hands the app on the main queue: a batch of activity or a change of its state.
public enum LiveEvent: Sendable, Hashable {
    /// Questions that changed since the last batch, one entry per question (its latest message), oldest first.
    case activity([LiveActivity])
    /// Questions the API sent for a poll or a gap fill (its rows, score and answer count included; most recent
    /// activity first).
    case polled([Question])
    /// The socket's state changed; each distinct state is reported once.
    case state(LiveState)
}

/// The socket's state, for the status line.
public enum LiveState: Sendable, Hashable {
    /// Opening the socket and subscribing.
    case connecting
    /// Subscribed: activity arrives as it happens.
    case live
    /// The connection ended (`reason`, a few words); the next try starts in `seconds`.
    case reconnecting(in: Int, reason: String)
    /// The socket could not be had `LiveConfiguration.pollAfterFailures` times in a row: the API is polled every
    /// `refreshSeconds` while the socket is still tried (reported instead of `connecting` and `reconnecting`).
    case polling
    /// The source gave up for good (`reason`), e.g. an address it cannot use; `stop()` reports nothing.
    case stopped(reason: String)
}

/// Counters of one source since its start (read at any time; for benchmarks, tests and a status detail).
public struct LiveStatistics: Sendable, Hashable {
    /// Messages received (text or binary), heartbeats included.
    public var messages = 0
    /// Heartbeats answered with `hb`.
    public var heartbeatsAnswered = 0
    /// Activity messages kept (right site and tags) before coalescing.
    public var kept = 0
    /// Messages of other topics, sites or tags.
    public var ignored = 0
    /// Messages that did not decode (malformed JSON, binary frames, impossible fields).
    public var malformed = 0
    /// Hints dropped because the pending queue was full (oldest first).
    public var dropped = 0
    /// Batches handed to the main queue.
    public var deliveries = 0
    /// Connections opened (the first and every reconnection).
    public var connections = 0
    /// Requests sent to the API by polls and gap fills.
    public var requests = 0
}
