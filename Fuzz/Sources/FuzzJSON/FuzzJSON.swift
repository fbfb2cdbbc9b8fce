import Foundation
import FuzzSupport
import StackAPI

/// A response body through `ResponseDecoder.decode` (which runs `APIErrorBody.parse` first, then the wrapper
/// and the items). First byte: bits 0-2 pick the item kind, bits 3-4 the situation (200 without a request,
/// HTTP 400, 200 with a request of page size 2 so `itemLimit` cuts items, 502); with bit 5 set, bits 0-1 pick
/// one of the logged-in user's kinds instead (inbox item, notification, viewer fields, created filter); the rest
/// is the body.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    fuzzInput(bytes, count, run)
}

private func run(_ selector: UInt8, _ rest: UnsafeBufferPointer<UInt8>) {
    let body = Data(buffer: rest)
    let situation = Int(selector >> 3) & 3
    let status = [200, 400, 200, 502][situation]
    let request: APIRequest? = situation == 2 ? .questions(site: "stackoverflow", pageSize: 2) : nil
    if selector & 0x20 != 0 {
        switch selector & 3 {
        case 0: check(InboxItem.self, body, status, request) { _ = ($0.id, $0.kindWords) }
        case 1: check(UserNotification.self, body, status, request) { _ = InboxItem($0) }
        case 2: check(ViewerFields.self, body, status, request) { _ = ($0.postID, $0.marks) }
        default: check(CreatedFilter.self, body, status, request)
        }
        return
    }
    switch selector & 7 {
    case 0: check(Question.self, body, status, request)
    case 1: check(Answer.self, body, status, request)
    case 2: check(Comment.self, body, status, request)
    case 3: check(Site.self, body, status, request)
    case 4: check(Info.self, body, status, request)
    case 5: check(User.self, body, status, request)
    case 6: check(Tag.self, body, status, request)
    default: check(ShallowUser.self, body, status, request)
    }
}

private func check<Item: Decodable & Sendable>(_ type: Item.Type, _ body: Data, _ status: Int, _ request: APIRequest?,
                                               use: (Item) -> Void = { _ in }) {
    switch ResponseDecoder.decode(type, from: body, httpStatus: status, request: request) {
    case .success(let wrapper):
        if let request { require(wrapper.items.count <= request.itemLimit, "items past the item limit") }
        _ = Page(wrapper, requestedPage: request?.page)
        wrapper.items.forEach(use)
    case .failure(let error):
        _ = String(describing: error)
    }
}
