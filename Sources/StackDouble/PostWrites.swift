import Foundation
import StackDump

/// `/questions/{id}/answers/add` and `/posts/{id}/comments/add`: the form's `body` is Markdown, rendered by
/// `MarkdownLite`. With `preview=true` nothing is created and the item answered is a mock whose `answer_id` /
/// `comment_id` is 0 (the field is present, its value 0); otherwise the post gets a fresh id (from 90,000,001 up),
/// belongs to the token's user, and later reads include it. Both answers carry `body` (HTML) and `body_markdown`.
struct PostWrites {
    let site: SiteData
    let created: CreatedPosts
    let user: SiteUser
    let token: String
    let parameters: QueryParameters
    let now: Date

    /// An answer's body: 30 to 30,000 characters.
    static let answerLength = 30...30_000
    /// A comment's body: 15 to 600 characters.
    static let commentLength = 15...600

    /// The answer added to `questionID` (or its preview) and the id created, nil for a preview.
    func addAnswer(to questionID: Int) throws -> (item: AnswerItem, createdID: Int?) {
        let markdown = try body(Self.answerLength)
        let html = MarkdownLite.html(markdown)
        let id = try create(isComment: false, postID: questionID, markdown: markdown, html: html)
        let post = DumpPost(id: id ?? 0, postTypeID: 2, parentID: questionID, body: html, creationDate: now,
                            lastActivityDate: now, ownerUserID: user.userID, contentLicense: "CC BY-SA 4.0")
        var item = ItemFactory(site: site, style: ItemStyle(includeBody: true)).answer(post)
        item.owner = user.owner
        item.isAccepted = false
        item.bodyMarkdown = markdown
        return (item, id)
    }

    /// The comment added on `postID` (or its preview) and the id created, nil for a preview.
    func addComment(on postID: Int) throws -> (item: CommentItem, createdID: Int?) {
        let markdown = try body(Self.commentLength)
        let html = MarkdownLite.inline(markdown.trimmingCharacters(in: .whitespacesAndNewlines))
        let id = try create(isComment: true, postID: postID, markdown: markdown, html: html)
        let comment = DumpComment(id: id ?? 0, postID: postID, text: markdown, creationDate: now, userID: user.userID,
                                  contentLicense: "CC BY-SA 4.0")
        var item = ItemFactory(site: site, style: ItemStyle()).comment(comment)
        item.owner = user.owner
        item.body = html
        item.bodyMarkdown = markdown
        return (item, id)
    }

    /// The form's `body`, its length (without surrounding white space) checked against `allowed`.
    private func body(_ allowed: ClosedRange<Int>) throws -> String {
        let markdown = parameters.string("body") ?? ""
        let length = markdown.trimmingCharacters(in: .whitespacesAndNewlines).count
        if length < allowed.lowerBound {
            throw APIFailure.badParameter("body must be at least \(allowed.lowerBound) characters; you entered \(length)")
        }
        if length > allowed.upperBound {
            throw APIFailure.badParameter("body cannot be longer than \(allowed.upperBound) characters; you entered \(length)")
        }
        return markdown
    }

    /// Creates the post unless `preview=true`; its id, nil for a preview.
    private func create(isComment: Bool, postID: Int, markdown: String, html: String) throws -> Int? {
        guard try parameters.bool("preview") != true else { return nil }
        return try created.create(
            isComment: isComment, site: site.name, postID: postID, token: token,
            extra: CreatedPosts.Extra(owner: user.owner, markdown: markdown, html: html), at: now)
    }
}
