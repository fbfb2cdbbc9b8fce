import Foundation

/// `GET /_double/…`: faults, the request log, access tokens, recorded files by path, and taking part's controls
/// (`ParticipationControls`: writes, vote locks, inbox). Not logged, no quota.
struct ControlEndpoints {
    static let prefix = "/_double/"
    let service: DoubleService

    func respond(to request: DoubleRequest) -> DoubleResponse {
        let path = String(request.decodedPath.dropFirst(Self.prefix.count))
        switch path {
        case "faults":
            if !request.query.isEmpty {
                do {
                    service.faultBoard.set(try Faults(query: request.query))
                } catch let failure as APIFailure {
                    return failure.response
                } catch {
                    return APIFailure.badParameter("\(error)").response
                }
            }
            return Self.json(["faults": service.faultBoard.faults.query])
        case "faults/clear":
            service.faultBoard.set(Faults())
            return Self.json(["faults": ""])
        case "tokens":
            return TokenControls(tokens: service.tokens).issue(QueryParameters(query: request.query))
        case "tokens/revoke":
            return TokenControls(tokens: service.tokens).revoke(QueryParameters(query: request.query))
        case "log":
            return Self.json(service.log.all)
        case "log/clear":
            service.log.clear()
            return Self.json([String]())
        default:
            if let reply = ParticipationControls(service: service, parameters: QueryParameters(query: request.query))
                .respond(to: path) {
                return reply
            }
            if path.hasPrefix("recorded/") {
                let relative = String(path.dropFirst("recorded/".count))
                if let file = service.recorded.file(relativePath: relative), let data = try? Data(contentsOf: file) {
                    return .gzipJSON(status: 200, json: data)
                }
                return APIFailure(id: 404, name: "not_found", message: "no recorded file \(relative)", httpStatus: 404).response
            }
            return APIFailure(id: 404, name: "no_method", message: "no control endpoint \(path)", httpStatus: 404).response
        }
    }

    /// `object` as a JSON answer (keys sorted, `/` unescaped).
    static func json(_ object: Any) -> DoubleResponse {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("null".utf8)
        return .gzipJSON(status: 200, json: data)
    }
}
