import Foundation
import StackAPI

/// The control endpoints of taking part (`GET`, no quota, not logged):
/// - `/_double/writes` (the writes received, `WriteLog`), `/_double/writes/clear`;
/// - `/_double/votes/lock?seconds=N` locks votes older than N seconds (0: at once) against undoing and switching;
///   without `seconds`, votes never lock (the default); answers `{"lock_seconds":N}` (null: never);
/// - `/_double/inbox/add?user=NAME&site=SITE&type=comment&question=ID[&answer=ID][&comment=ID][&title=…][&body=…]`
///   adds an unread inbox item (`site`: a dump site or any name; `title` defaults to the dump question's);
/// - `/_double/notifications/add?user=NAME&site=SITE&type=generic[&post=ID][&body=…]` adds an unread notification;
/// - `/_double/inbox/read?user=NAME` marks all of NAME's inbox items and notifications read.
/// Each add answers `{"added":true}`, the read `{"marked_read":N}`; a missing or bad parameter 400 `bad_parameter`.
struct ParticipationControls {
    let service: DoubleService
    let parameters: QueryParameters
    var now = Date()

    /// The answer for control `path` (after `/_double/`), nil when it is none of these.
    func respond(to path: String) -> DoubleResponse? {
        do {
            switch path {
            case "writes": return ControlEndpoints.json(service.writes.all.map(\.json))
            case "writes/clear":
                service.writes.clear()
                return ControlEndpoints.json([Any]())
            case "votes/lock":
                let seconds = try parameters.int("seconds")
                if let seconds, seconds < 0 { throw APIFailure.badParameter("seconds: must be 0 or more") }
                service.books.votes.setLock(seconds: seconds)
                return ControlEndpoints.json(["lock_seconds": seconds.map { $0 as Any } ?? NSNull()])
            case "inbox/add":
                service.inbox.add(try inboxEntry(), user: try required("user"))
                return ControlEndpoints.json(["added": true])
            case "notifications/add":
                service.inbox.add(try notification(), user: try required("user"))
                return ControlEndpoints.json(["added": true])
            case "inbox/read":
                return ControlEndpoints.json(["marked_read": service.inbox.markRead(user: try required("user"))])
            default: return nil
            }
        } catch let failure as APIFailure {
            return failure.response
        } catch {
            return APIFailure.badParameter("\(error)").response
        }
    }

    private func required(_ name: String) throws -> String {
        guard let value = parameters.string(name) else { throw APIFailure.badParameter("\(name) is required") }
        return value
    }

    private func type(from allowed: [String]) throws -> String {
        let type = try required("type")
        guard allowed.contains(type) else {
            throw APIFailure.badParameter("type: \"\(type)\" is not one of \(allowed.joined(separator: ", "))")
        }
        return type
    }

    /// The site's parameter: a dump's own name when it is one, else the name as given.
    private func siteName() throws -> String {
        let parameter = try required("site")
        return service.catalog.resolve(parameter) ?? parameter.lowercased()
    }

    private func inboxEntry() throws -> InboxBook.InboxEntry {
        let type = try type(from: InboxBook.itemTypes)
        let name = try siteName()
        let site = SiteList.item(name)
        let question = try parameters.int("question")
        let answer = try parameters.int("answer")
        let comment = try parameters.int("comment")
        let dumpTitle = question.flatMap { id in
            (try? service.catalog.site(name)).flatMap { $0.questionsByID[id]?.title }
        }
        let link = if let comment {
            "\(site.siteUrl)/posts/comments/\(comment)"
        } else if let answer {
            "\(site.siteUrl)/a/\(answer)"
        } else {
            "\(site.siteUrl)/q/\(question ?? 0)"
        }
        return InboxBook.InboxEntry(
            itemType: type, questionId: question, answerId: answer, commentId: comment,
            title: (parameters.string("title") ?? dumpTitle).map(HTMLEntities.escape),
            creationDate: UnixTime(seconds: now.timeIntervalSince1970.rounded(.down)), isUnread: true,
            body: parameters.string("body").map(HTMLEntities.escape), link: link, site: site)
    }

    private func notification() throws -> InboxBook.NotificationEntry {
        InboxBook.NotificationEntry(
            notificationType: try type(from: InboxBook.notificationTypes), site: SiteList.item(try siteName()),
            creationDate: UnixTime(seconds: now.timeIntervalSince1970.rounded(.down)),
            body: parameters.string("body").map(HTMLEntities.escape), postId: try parameters.int("post"), isUnread: true)
    }
}
