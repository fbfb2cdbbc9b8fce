import Foundation

/// One text message of Stack Exchange's realtime socket, decoded apart from any transport.
///
/// The socket sends `{"action": "<topic>", "data": "<a JSON object encoded as a string>"}`; a heartbeat is
/// `{"action": "hb", "data": "hb"}`. Everything in a message is outside input: its size is checked before any
/// parsing, the inner object is decoded field by field with the API models' rules (impossible numbers and dates
/// become unknown, escaped texts are decoded once), and no text that comes out holds a control character.
public enum LiveMessage: Sendable, Hashable {
    /// The server asks for `hb` back.
    case heartbeat
    /// A question changed: the activity the message carries.
    case activity(LiveActivity)
    /// Well-formed, but not for us: another topic, or (with a site filter) another site.
    case ignored(reason: String)
    /// Not a message we understand; `reason` says why in a few words.
    case malformed(reason: String)

    /// The topic streaming activity on questions across the whole network.
    public static let activeQuestionsTopic = "155-questions-active"
    /// Stack Exchange's realtime socket.
    public static let socketURL = "wss://qa.sockets.stackexchange.com/"

    /// The largest message decoded (256 KiB); real ones are a few KiB. A larger one is refused unread.
    public static let maximumBytes = 256 * 1024

    /// Decodes one text message of `topic`; with `site`, activity of any other site is `.ignored` (cheaply, when
    /// the site's name does not even occur in the message).
    public static func decode(_ text: String, topic: String = activeQuestionsTopic, site: String? = nil) -> LiveMessage {
        decode(Data(text.utf8), topic: topic, site: site)
    }

    /// Decodes one message from its UTF-8 bytes (see `decode(_:topic:site:)`).
    public static func decode(_ bytes: Data, topic: String = activeQuestionsTopic, site: String? = nil) -> LiveMessage {
        guard bytes.count <= maximumBytes else {
            return .malformed(reason: "message of \(bytes.count) bytes over the \(maximumBytes / 1024) KiB limit")
        }
        // The flood of other sites' activity is refused without parsing: a message that names neither the site nor
        // a heartbeat cannot be one we keep.
        if let site, !contains(bytes, site), !contains(bytes, #""hb""#) { return .ignored(reason: "another site") }
        let outer: Envelope
        do {
            outer = try JSONDecoder().decode(Envelope.self, from: bytes)
        } catch {
            return .malformed(reason: "not a socket message")
        }
        if outer.action == "hb" { return .heartbeat }
        guard outer.action == topic else { return .ignored(reason: "topic \(LiveText.clean(outer.action, limit: 80))") }
        guard let data = outer.data else { return .malformed(reason: "data is not a string") }
        if let site, !data.contains(site) { return .ignored(reason: "another site") }
        let activity: LiveActivity
        do {
            activity = try JSONDecoder().decode(LiveActivity.self, from: Data(data.utf8))
        } catch let error as DecodingError {
            return .malformed(reason: reason(error))
        } catch {
            return .malformed(reason: "data is not JSON")
        }
        if let site, activity.site != site { return .ignored(reason: "another site") }
        return .activity(activity)
    }

    /// Whether `needle` occurs in `bytes` (the cheap test run on every message of a flood).
    private static func contains(_ bytes: Data, _ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard let first = pattern.first, bytes.count >= pattern.count else { return pattern.isEmpty }
        return bytes.withUnsafeBytes { haystack in
            var index = 0
            let last = haystack.count - pattern.count
            while index <= last {
                if haystack[index] == first, pattern.indices.allSatisfy({ haystack[index + $0] == pattern[$0] }) {
                    return true
                }
                index += 1
            }
            return false
        }
    }

    /// The outer object: the topic and the inner JSON as a string (nil when `data` is not a string).
    private struct Envelope: Decodable {
        var action: String
        var data: String?

        private enum CodingKeys: String, CodingKey { case action, data }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            action = try container.decode(String.self, forKey: .action)
            data = try? container.decode(String.self, forKey: .data)
        }
    }

    private static func reason(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _): return "data lacks \(key.stringValue)"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "data has a wrong \(context.codingPath.first?.stringValue ?? "value")"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "data is not JSON" : "data has a bad \(context.codingPath[0].stringValue)"
        @unknown default: return "data undecodable"
        }
    }
}
