import Foundation
import StackAPI

/// Where a `LiveSource` listens and what it keeps.
public struct LiveConfiguration: Sendable {
    /// Stack Exchange's realtime socket.
    public static let defaultURL = LiveMessage.socketURL

    /// The socket's address (`wss://…`, or `ws://127.0.0.1:PORT/` for the double); nil when the API host has none
    /// (an `api_base_url` of its own and no `live_url`): the source then only polls.
    public var url: String?
    /// The API site parameter whose activity is kept, e.g. `cardano`.
    public var site: String
    /// When not empty, only questions carrying all of these tags are kept (the list's tag filter).
    public var tags: [String]
    /// The topic subscribed to.
    public var topic = LiveMessage.activeQuestionsTopic
    /// At most one delivery per this many seconds: a burst within it becomes one batch.
    public var coalescingSeconds = 0.1
    /// The most questions waiting for a delivery; past it the oldest hint is dropped (and counted).
    public var pendingCapacity = 500
    /// Seconds a connection may take from the TCP connect to the WebSocket upgrade before it is abandoned.
    public var handshakeSeconds = 10.0
    /// Seconds without any message (heartbeats included) after which the connection counts as dead. The network
    /// topic carries several messages a second; a heartbeat alone comes every few minutes at most.
    public var silenceSeconds = 300.0
    /// Seconds a connection must stay live for the reconnection waits to start again from 1 s; one cut sooner (a
    /// server that upgrades and drops every connection) counts as a failure and the waits keep growing.
    public var stableSeconds = 30.0
    /// Seconds the close handshake may take when the connection ends.
    public var closeSeconds = 1.0
    /// Seconds between two polls of the API while the socket cannot be had (`live_refresh_s`; at least 1).
    public var refreshSeconds = LiveConfiguration.refreshSecondsWithoutKey
    /// Attempts in a row that never reach live (refused, no upgrade, upgrade refused, no answer to it) after which
    /// the source polls (when it was given a loader) while it keeps trying the socket.
    public var pollAfterFailures = 2

    /// `live_refresh_s`'s default without an API key (`LivePollRhythm`).
    public static let refreshSecondsWithoutKey = Double(LivePollRhythm.defaultSeconds(hasKey: false))

    /// Listens at `url` (polls, when nil) for activity of `site` (and of questions carrying all of `tags`, when given).
    public init(url: String? = LiveConfiguration.defaultURL, site: String, tags: [String] = []) {
        self.url = url
        self.site = site
        self.tags = tags
    }
}
