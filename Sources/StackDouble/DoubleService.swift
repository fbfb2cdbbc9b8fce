import Foundation

/// The local imitation of Stack Exchange API v2.3: turns one request into one response.
///
/// Independent of the HTTP server package, so it can be tested directly; `DoubleServer` puts it on a socket.
public final class DoubleService: Sendable {
    let catalog: SiteCatalog
    let recorded: RecordedResponses
    let faultBoard: FaultBoard
    let log: RequestLog
    /// The access tokens issued by the login dialog and `/_double/tokens`.
    let tokens = TokenBook()
    /// Votes, bookmarks and acceptances made through the writes.
    let books = ParticipationBooks()
    /// The filters made with `/filters/create`.
    let filters = FilterBook()
    /// Inbox items and notifications added by the control endpoints.
    let inbox = InboxBook()
    /// Every write received (`/_double/writes`).
    let writes = WriteLog()
    private let quota = QuotaBook()

    /// Lists the dump folders and indexes the recordings; site data is read on its first request.
    public init(configuration: DoubleConfiguration) {
        catalog = SiteCatalog(dumps: configuration.dumps, copies: configuration.copies)
        recorded = RecordedResponses(root: configuration.recorded)
        faultBoard = FaultBoard(configuration.faults)
        log = RequestLog(file: configuration.logFile)
    }

    /// The dump sites served, sorted.
    public var siteNames: [String] { catalog.names }

    /// The number of recorded requests that can be replayed.
    public var recordingCount: Int { recorded.count }

    /// The longest `delay_ms` fault honoured (an hour); a larger one would overflow the sleep's nanoseconds.
    static let longestDelayMilliseconds = 3_600_000

    /// Answers one request (sleeping first when a `delay_ms` fault applies).
    public func respond(to request: DoubleRequest) async -> DoubleResponse {
        if request.decodedPath.hasPrefix(ControlEndpoints.prefix) {
            return ControlEndpoints(service: self).respond(to: request)
        }
        log.append(request.logLine)
        if let page = OAuthDialog(tokens: tokens).respond(to: request) { return page }
        let apiPath = APIPath.removingVersion(request.decodedPath)
        let faults = faultBoard.take(for: apiPath ?? request.decodedPath)
        if let delay = faults.delayMilliseconds, delay > 0 {
            try? await Task.sleep(nanoseconds: UInt64(min(delay, Self.longestDelayMilliseconds)) * 1_000_000)
        }
        let trace = WriteTrace()
        let oversized = request.body.count > DoubleRequest.bodyLimit
        let response = oversized
            ? APIFailure.badParameter("body: more than \(DoubleRequest.bodyLimit) bytes").response
            : HostileResponses.delivered(reply(to: request, apiPath: apiPath, faults: faults, trace: trace), faults)
        if let apiPath, WriteAction(Self.components(apiPath)) != nil {
            let fields = oversized ? QueryParameters(query: request.query).all : Self.parameters(request).all
            writes.append(method: request.method, path: apiPath, fields: fields, status: response.status,
                          createdID: trace.createdID, tokens: tokens)
        }
        return response
    }

    /// `/questions/1;2/answers` → `["questions", "1;2", "answers"]`.
    static func components(_ apiPath: String) -> [String] {
        apiPath.split(separator: "/").map(String.init)
    }

    /// The query's parameters, and for a POST its form body's too (the form's win).
    static func parameters(_ request: DoubleRequest) -> QueryParameters {
        guard request.method == "POST", !request.body.isEmpty else { return QueryParameters(query: request.query) }
        return QueryParameters(query: request.query + "&" + String(decoding: request.body, as: UTF8.self))
    }

    private func reply(to request: DoubleRequest, apiPath: String?, faults: Faults, trace: WriteTrace) -> DoubleResponse {
        if let redirect = HostileResponses.redirect(request, faults) {
            return redirect
        }
        if let status = faults.status {
            return .plain(status: status, contentType: "text/html; charset=utf-8", text: Self.htmlError(status))
        }
        if let seconds = faults.throttleSeconds {
            return APIFailure.throttle(seconds: seconds).response
        }
        do {
            return try answer(request, apiPath: apiPath, faults: faults, trace: trace)
        } catch let failure as APIFailure {
            return failure.response
        } catch {
            return APIFailure(id: 500, name: "internal_error", message: "\(error)").response
        }
    }

    private func answer(_ request: DoubleRequest, apiPath: String?, faults: Faults, trace: WriteTrace) throws -> DoubleResponse {
        let parameters = Self.parameters(request)
        guard let spent = quota.spend(key: parameters.string("key")) else {
            throw APIFailure.throttle(seconds: QuotaBook.secondsUntilReset())
        }
        if let apiPath, let result = try accountRoute(
            Self.components(apiPath), method: request.method, parameters: parameters, faults: faults, trace: trace) {
            return try HostileResponses.page(ResponseWrapper(
                items: result.items, hasMore: result.hasMore, quotaMax: spent.max, quotaRemaining: spent.remaining,
                page: try parameters.page(), pageSize: try parameters.pageSize()), faults: faults)
        }
        if let recording = recorded.match(request) {
            return try corrupted(recorded.response(for: recording, truncate: faults.truncatedGzip), faults)
        }
        guard let apiPath, APIPath.servedVersions.contains(where: { request.decodedPath.hasPrefix($0 + "/") }) else {
            throw APIFailure.noMethod
        }
        if let site = parameters.string("site"), catalog.resolve(site) == nil, recorded.sites.contains(site) {
            throw APIFailure.noMethod // a recorded-only site answers nothing but its recordings
        }
        let page = try parameters.page()
        if page > 25, parameters.string("key") == nil { throw APIFailure.pageAboveLimit }
        let style = ItemStyle(includeBody: filters.spec(parameters.string("filter"))?.includesBody ?? false,
                              escapeTitles: faults.escapeTitles, hostileLinks: faults.hostileLinks)
        // repeat_pages: route as page 1 (a later `page` wins), whatever page was asked for.
        let routed = faults.repeatPages ? QueryParameters(query: request.query + "&page=1") : parameters
        let router = APIRouter(catalog: catalog, parameters: routed, style: style)
        var result = try router.route(Self.components(apiPath))
        result.items = overlay(parameters)?.apply(result.items) ?? result.items
        if faults.repeatPages { result = RouteResult(items: result.items, hasMore: true) }
        if faults.empty { result = RouteResult(items: [], hasMore: false) }
        if let body = HostileResponses.hostileBody(faults), var first = result.items.first as? QuestionItem, first.body != nil {
            first.body = body
            result.items[0] = first
        }
        if faults.badDates {
            result.items = result.items.enumerated().map { HostileResponses.withBadDates($0.element, index: $0.offset) }
        }
        let wrapper = ResponseWrapper(
            items: result.items, hasMore: result.hasMore, quotaMax: spent.max, quotaRemaining: spent.remaining,
            page: page, pageSize: try parameters.pageSize(), backoff: faults.backoffSeconds)
        return try HostileResponses.page(wrapper, faults: faults)
    }

    private func corrupted(_ response: DoubleResponse, _ faults: Faults) throws -> DoubleResponse {
        guard faults.malformed else { return response }
        let json = try Gzip.decompress(response.body)
        return .gzipJSON(status: response.status, json: Self.malformed(json))
    }

    /// Valid JSON cut short and followed by junk: no decoder accepts it.
    static func malformed(_ json: Data) -> Data {
        json.prefix(json.count / 2) + Data("<<malformed by stackexchange-double>>".utf8)
    }

    static func htmlError(_ status: Int) -> String {
        """
        <!DOCTYPE html>
        <html><head><title>\(status) - Server Error</title></head>
        <body><h1>Server Error</h1><p>stackexchange-double: injected HTTP \(status).</p></body></html>

        """
    }
}

/// The common wrapper of every successful API response.
struct ResponseWrapper: Encodable {
    var items: [any Encodable]
    var hasMore: Bool
    var quotaMax: Int
    var quotaRemaining: Int
    var page: Int
    var pageSize: Int
    var backoff: Int?

    private enum CodingKeys: String, CodingKey {
        case items, hasMore = "has_more", quotaMax = "quota_max", quotaRemaining = "quota_remaining"
        case page, pageSize = "page_size", backoff
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var list = container.nestedUnkeyedContainer(forKey: .items)
        for item in items { try list.encode(item) }
        try container.encode(hasMore, forKey: .hasMore)
        try container.encode(quotaMax, forKey: .quotaMax)
        try container.encode(quotaRemaining, forKey: .quotaRemaining)
        try container.encode(page, forKey: .page)
        try container.encode(pageSize, forKey: .pageSize)
        try container.encodeIfPresent(backoff, forKey: .backoff)
    }

    /// The JSON, with snake_case keys for the items and `/` unescaped like the real API.
    func encoded() throws -> Data {
        try Self.encoded(self)
    }

    /// `value` as JSON the way the wrapper writes its items.
    static func encoded(_ value: any Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return try encoder.encode(value)
    }
}
