import Foundation

/// What the faults do to an answer on its way out: an API page as JSON pieces (padded with items, spaces or a
/// paragraph of words without building them), redirects, out-of-range dates, and how the bytes are delivered
/// (chunked, stalled half-way).
enum HostileResponses {
    /// Stands in for the huge paragraph inside the encoded page until it is replaced by the words.
    private static let paragraphMarker = "@@stackexchange-double:huge-paragraph@@"
    private static let words = Data("lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt labore ".utf8)

    /// The page `wrapper` as the faults shape it: compressed while sent when padded (items, a gzip bomb, a huge
    /// paragraph), uncompressed with `wire_mb`, otherwise one gzip body (`malformed` and `truncated_gzip` apply
    /// only to those).
    static func page(_ wrapper: ResponseWrapper, faults: Faults) throws -> DoubleResponse {
        var pieces = try itemPieces(wrapper, padTo: faults.padItems)
        if let mebibytes = faults.hugeParagraphMiB {
            let bytes = mebibytes << 20
            pieces = expanding(Data(paragraphMarker.utf8), in: pieces, with: [
                .repeated(words, count: bytes / words.count), .bytes(words.prefix(bytes % words.count)),
            ])
        }
        if let mebibytes = faults.gzipBombMiB ?? faults.wireMiB {
            // Spaces right after the opening brace: still valid JSON, however many.
            pieces = expanding(Data("{".utf8), in: pieces, with: [.bytes(Data("{".utf8)), .repeated(Data(" ".utf8), count: mebibytes << 20)])
        }
        if faults.wireMiB != nil {
            return DoubleResponse(status: 200, headers: ["Content-Type": "application/json; charset=utf-8"],
                                  body: Data(), stream: .plain(pieces))
        }
        if faults.padItems != nil || faults.hugeParagraphMiB != nil || faults.gzipBombMiB != nil {
            return .gzipStream(pieces)
        }
        var json = Data()
        for case .bytes(let data) in pieces { json += data }
        if faults.malformed { json = DoubleService.malformed(json) }
        return .gzipJSON(status: 200, json: json, truncate: faults.truncatedGzip)
    }

    /// The body `deep_body` or `huge_paragraph_mb` gives the first question (a marker stands in for the paragraph
    /// until `page` streams the words in its place).
    static func hostileBody(_ faults: Faults) -> String? {
        if let tex = faults.texBody { return tex.body }
        if let levels = faults.deepBody {
            return String(repeating: "<blockquote><p>x</p>", count: levels) + String(repeating: "</blockquote>", count: levels)
        }
        return faults.hugeParagraphMiB == nil ? nil : "<p>" + paragraphMarker + "</p>"
    }

    /// The wrapper's JSON around its items, the items, and with `padTo` the page's last item repeated until there
    /// are that many (fewer cut the page).
    private static func itemPieces(_ wrapper: ResponseWrapper, padTo: Int?) throws -> [BodyPiece] {
        var shell = wrapper
        shell.items = []
        let encoded = try shell.encoded()
        guard let hole = encoded.range(of: Data(#""items":[]"#.utf8)) else {
            throw APIFailure(id: 500, name: "internal_error", message: "no items in the encoded page")
        }
        let close = hole.upperBound - 1
        var items = try wrapper.items.map { try ResponseWrapper.encoded($0) }
        var extra = 0
        if let padTo {
            if padTo < items.count { items.removeLast(items.count - padTo) } else if !items.isEmpty { extra = padTo - items.count }
        }
        var pieces: [BodyPiece] = [.bytes(Data(encoded[..<close])), .bytes(Data(items.joined(separator: Data(",".utf8))))]
        if let last = items.last, extra > 0 { pieces.append(.repeated(Data(",".utf8) + last, count: extra)) }
        pieces.append(.bytes(Data(encoded[close...])))
        return pieces
    }

    /// `pieces` with the first `marker` found in one of their byte pieces replaced by `replacement`.
    private static func expanding(_ marker: Data, in pieces: [BodyPiece], with replacement: [BodyPiece]) -> [BodyPiece] {
        for (index, piece) in pieces.enumerated() {
            guard case .bytes(let data) = piece, let found = data.range(of: marker) else { continue }
            let around: [BodyPiece] = [.bytes(Data(data[..<found.lowerBound]))] + replacement + [.bytes(Data(data[found.upperBound...]))]
            return Array(pieces[..<index]) + around + Array(pieces[(index + 1)...])
        }
        return pieces
    }

    // MARK: Redirects

    /// The query parameter that counts the `redirects` fault's hops.
    static let hopParameter = "redirect_hop"

    /// `302 Found` to the same request (the next hop, or exactly the same URL for `redirect_cycle`), or nil when
    /// the faults ask for no (more) redirect.
    static func redirect(_ request: DoubleRequest, _ faults: Faults) -> DoubleResponse? {
        let location: String
        if faults.redirectCycle {
            location = request.query.isEmpty ? request.path : request.path + "?" + request.query
        } else if let hops = faults.redirects {
            let parameters = request.query.split(separator: "&").filter { !$0.hasPrefix(hopParameter + "=") }
            let hop = QueryParameters(query: request.query).string(hopParameter).flatMap { Int($0) } ?? 0
            guard hop < hops else { return nil }
            location = request.path + "?" + (parameters + ["\(hopParameter)=\(hop + 1)"]).joined(separator: "&")
        } else {
            return nil
        }
        var response = DoubleResponse.plain(status: 302, contentType: "text/plain; charset=utf-8", text: "redirected\n")
        response.headers["Location"] = location
        return response
    }

    // MARK: Delivery

    /// `response` sent chunked (`chunked`) and/or stopped half-way (`stall_body`: after the first half of a
    /// complete body, or the first byte of a streamed one).
    static func delivered(_ response: DoubleResponse, _ faults: Faults) -> DoubleResponse {
        guard faults.chunked || faults.stallBody else { return response }
        var stream = response.asStream
        if faults.chunked { stream.length = nil }
        if faults.stallBody { stream = stream.stalling(after: response.stream == nil ? response.body.count / 2 : 1) }
        var delivered = response
        delivered.body = Data()
        delivered.stream = stream
        return delivered
    }

    // MARK: Dates

    /// `item` with dates no calendar holds (`bad_dates`): ±1e20 seconds, the sign alternating with `index`, and a
    /// site's `launch_date` of 1e19.
    static func withBadDates(_ item: any Encodable, index: Int) -> any Encodable {
        let far = index % 2 == 0 ? 1e20 : -1e20
        switch item {
        case var question as QuestionItem:
            question.creationDate = UnixTime(seconds: far)
            question.lastActivityDate = UnixTime(seconds: -far)
            return question
        case var answer as AnswerItem:
            answer.creationDate = UnixTime(seconds: far)
            answer.lastActivityDate = UnixTime(seconds: -far)
            return answer
        case var comment as CommentItem:
            comment.creationDate = UnixTime(seconds: far)
            return comment
        case var site as SiteItem:
            site.launchDate = UnixTime(seconds: 1e19)
            return site
        default:
            return item
        }
    }
}
