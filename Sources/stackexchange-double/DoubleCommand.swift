import ArgumentParser
import Foundation
import StackDouble

/// `stackexchange-double`: the local imitation of Stack Exchange API v2.3 on 127.0.0.1.
@main
struct DoubleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stackexchange-double",
        abstract: "Imitates the Stack Exchange API v2.3 on 127.0.0.1 from data dumps and recorded responses.",
        discussion: """
            Prints one line, `listening on 127.0.0.1:PORT`, once it accepts connections. Sites are the dump \
            folders (site=cardano, cardano.stackexchange or cardano.stackexchange.com), read on first use.

            Routes under /2.3 (and /2.2): /questions, /questions/{ids}, /questions/{ids}/answers, /answers, \
            /posts/{ids}/comments, /search/advanced, /info, /sites. Bodies only with filter=withbody (any other \
            filter gives the default fields). sort=hot|week|month are approximations: "now" is the newest \
            activity in the dump; week/month keep questions active in the 7/30 days before it, by score. \
            Quota: 300 requests per run without key, 10,000 per key; page > 25 needs a key.

            Recorded responses (folders with REQUESTS.json) answer the request they were recorded for, \
            ignoring /2.x, key, access_token and parameter order; their sites (e.g. stackoverflow) answer \
            nothing else.

            Control (not logged, no quota): GET /_double/faults?delay_ms=…&count=…&path=… (replaces the \
            faults), /_double/faults/clear, /_double/log, /_double/log/clear, /_double/recorded/<path>.

            Logging in and taking part: the OAuth dialog /oauth/dialog (its form's POST redirects to \
            https://stackexchange.com/oauth/login_success#access_token=…), /access-tokens/{t}, \
            /apps/{t}/de-authenticate, /me, /me/favorites, /me/notifications, /inbox, /inbox/unread, \
            /filters/create; POSTs with the token in the form: /questions|answers/{id}/upvote|downvote[/undo], \
            /questions/{id}/favorite[/undo], /answers/{id}/accept[/undo], /questions/{id}/answers/add, \
            /posts/{id}/comments/add (preview=true creates nothing), with the API's refusals (own post, \
            reputation, locked vote, daily limit, lengths, duplicate). Control: /_double/tokens?user=NAME, \
            /_double/tokens/revoke?token=T, /_double/inbox/add?user=&site=&type=&question=, \
            /_double/notifications/add, /_double/inbox/read?user=, /_double/votes/lock?seconds=N, /_double/writes \
            (every write, the token named by its user), /_double/writes/clear. An access_token in a query or a form \
            is logged as REDACTED (a token in a path, /access-tokens/{t}, is logged as sent).

            Realtime socket (Stack Exchange's wss://qa.sockets.stackexchange.com/): ws://127.0.0.1:PORT/. Send a topic \
            (155-questions-active) to subscribe; a heartbeat {"action":"hb","data":"hb"} comes every --live-heartbeat \
            seconds and a client that leaves two in a row unanswered is dropped. GET /_double/live/active?site=S&id=N \
            sends that question as active now; /_double/live/new?site=S&tags=a;b sends a new question (a real one's \
            title under a new id); both stay in the API (/questions?sort=activity&min=T lists them); /_double/live/mode?name=M (huge_frame, binary, malformed_outer, malformed_inner, \
            flood&rate=N&seconds=S, silence, close_mid_frame, no_upgrade, refuse_upgrade, none); /_double/live/stats.
            """)

    @Option(help: "Port to listen on; 0 picks a free port.")
    var port: Int = 0

    @Option(help: "Folder of dump folders, one site each (default: $STACKTERM_DATA/dumps or ../shared/data/dumps).")
    var dumps: String?

    @Option(help: "Folder of recorded API responses (default: $STACKTERM_DATA/api or ../shared/data/api).")
    var recorded: String?

    @Option(help: "Append one line per API request to this file.")
    var log: String?

    @Option(help: "Serve each dump this many times over (copies get ids offset by 10,000,000); for benchmarks that need more pages.")
    var copies: Int = 1

    @Option(name: .customLong("live-heartbeat"), help: "Seconds between the realtime socket's heartbeats.")
    var liveHeartbeat: Double = 5

    @Option(name: .customLong("delay_ms"), help: "Fault: sleep this many milliseconds before answering.")
    var delayMilliseconds: Int?

    @Flag(name: .customLong("malformed"), help: "Fault: answer with invalid JSON.")
    var malformed = false

    @Flag(name: .customLong("truncated_gzip"), help: "Fault: cut the gzip stream in half.")
    var truncatedGzip = false

    @Option(name: .customLong("status"), help: "Fault: answer with this HTTP status and an HTML body.")
    var status: Int?

    @Option(name: .customLong("throttle"), help: "Fault: answer with a throttle violation naming N seconds.")
    var throttle: Int?

    @Option(name: .customLong("backoff"), help: "Fault: add \"backoff\": N to successful responses.")
    var backoff: Int?

    @Flag(name: .customLong("empty"), help: "Fault: return no items and has_more false.")
    var empty = false

    @Flag(name: .customLong("escape_titles"), help: "Fault: put terminal escape sequences into titles.")
    var escapeTitles = false

    @Flag(name: .customLong("repeat_pages"), help: "Fault: answer every page with page 1's items and has_more true.")
    var repeatPages = false
    @Flag(name: .customLong("hostile_links"), help: "Fault: end question links with a paste terminator, controls and a command.")
    var hostileLinks = false

    @Option(name: .customLong("deep_body"), help: "Fault: the first question of each page with bodies gets N nested blockquotes.")
    var deepBody: Int?

    @Option(name: .customLong("huge_paragraph_mb"), help: "Fault: the first question of each page with bodies gets one paragraph of N MiB (1-1024).")
    var hugeParagraphMiB: Int?

    @Flag(name: .customLong("bad_dates"), help: "Fault: dates of ±1e20 on questions, answers and comments, launch_date 1e19 on sites.")
    var badDates = false

    @Option(name: .customLong("wire_mb"), help: "Fault: answer uncompressed, padded with N MiB of spaces (1-64).")
    var wireMiB: Int?

    @Flag(name: .customLong("chunked"), help: "Fault: send bodies chunked, without Content-Length.")
    var chunked = false

    @Flag(name: .customLong("stall_body"), help: "Fault: send the head and half the body, then stay silent.")
    var stallBody = false

    @Option(name: .customLong("redirects"), help: "Fault: redirect each request N times (1-1000) before answering it.")
    var redirects: Int?

    @Flag(name: .customLong("redirect_cycle"), help: "Fault: redirect each request to itself.")
    var redirectCycle = false

    @Option(name: .customLong("count"), help: "Faults apply only to the next N API requests.")
    var count: Int?

    @Option(name: .customLong("path"), help: "Faults apply only to paths starting with this, e.g. /questions.")
    var path: String?

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0…65535") }
        guard (0.05...3_600).contains(liveHeartbeat) else { throw ValidationError("--live-heartbeat must be 0.05…3600") }
    }

    func run() async throws {
        // A client that cancels (closes its socket) while we answer must not kill the server with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let dataRoot = ProcessInfo.processInfo.environment["STACKTERM_DATA"] ?? "../shared/data"
        let dumpsFolder = URL(fileURLWithPath: dumps ?? dataRoot + "/dumps")
        let recordedFolder = URL(fileURLWithPath: recorded ?? dataRoot + "/api")
        guard FileManager.default.fileExists(atPath: dumpsFolder.path) else {
            throw ValidationError("dumps folder \(dumpsFolder.path) not found (use --dumps or set STACKTERM_DATA)")
        }
        if !FileManager.default.fileExists(atPath: recordedFolder.path) {
            FileHandle.standardError.write(Data("stackexchange-double: no recorded folder at \(recordedFolder.path)\n".utf8))
        }
        let faults: Faults
        do {
            faults = try Faults(query: faultQuery())
        } catch {
            throw ValidationError("bad fault flags: \(error)")
        }
        let service = DoubleService(configuration: DoubleConfiguration(
            dumps: dumpsFolder, recorded: recordedFolder, logFile: log.map { URL(fileURLWithPath: $0) }, faults: faults, copies: copies))
        let server = try DoubleServer(service: service, port: UInt16(port), liveHeartbeatSeconds: liveHeartbeat)
        let boundPort = try await server.start()
        FileHandle.standardOutput.write(Data("listening on 127.0.0.1:\(boundPort)\n".utf8))
        while !Task.isCancelled {
            try await Task.sleep(nanoseconds: 3_600 * 1_000_000_000)
        }
    }

    /// The fault flags in the control endpoint's query form, so both share one parser.
    private func faultQuery() -> String {
        var parts: [String] = []
        if let delayMilliseconds { parts.append("delay_ms=\(delayMilliseconds)") }
        if malformed { parts.append("malformed=1") }
        if truncatedGzip { parts.append("truncated_gzip=1") }
        if let status { parts.append("status=\(status)") }
        if let throttle { parts.append("throttle=\(throttle)") }
        if let backoff { parts.append("backoff=\(backoff)") }
        if empty { parts.append("empty=1") }
        if escapeTitles { parts.append("escape_titles=1") }
        if repeatPages { parts.append("repeat_pages=1") }
        if hostileLinks { parts.append("hostile_links=1") }
        if let deepBody { parts.append("deep_body=\(deepBody)") }
        if let hugeParagraphMiB { parts.append("huge_paragraph_mb=\(hugeParagraphMiB)") }
        if badDates { parts.append("bad_dates=1") }
        if let wireMiB { parts.append("wire_mb=\(wireMiB)") }
        if chunked { parts.append("chunked=1") }
        if stallBody { parts.append("stall_body=1") }
        if let redirects { parts.append("redirects=\(redirects)") }
        if redirectCycle { parts.append("redirect_cycle=1") }
        if let count { parts.append("count=\(count)") }
        if let path {
            parts.append("path=\(path.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? path)")
        }
        return parts.joined(separator: "&")
    }
}
