import Foundation
import StackAPI

/// Stack Exchange's OAuth 2.0 implicit-flow dialog as the double plays it: `GET /oauth/dialog` shows a consent page
/// (the application's client_id, the scopes, a name to log in as, Approve and Decline); its form's
/// `POST /oauth/dialog/approve` answers `302` to the redirect with `#access_token=…&expires=86400` (no `expires`
/// with the `no_expiry` scope), or `#error=access_denied…` when declined. No real login: whoever approves is the
/// user named in the form.
struct OAuthDialog {
    static let dialogPath = "/oauth/dialog"
    static let approvePath = "/oauth/dialog/approve"
    /// The only redirect the double accepts: the desktop one.
    static let desktopRedirect = "https://stackexchange.com/oauth/login_success"
    /// The name the consent page offers to log in as.
    static let defaultUser = "Double User"

    let tokens: TokenBook

    /// The page or redirect for `request`, or nil when its path is not the dialog's.
    func respond(to request: DoubleRequest) -> DoubleResponse? {
        switch (request.method, request.decodedPath) {
        case ("GET", Self.dialogPath): return page(QueryParameters(query: request.query))
        case ("POST", Self.approvePath):
            return approve(QueryParameters(query: request.query + "&" + String(decoding: request.body, as: UTF8.self)))
        case (_, Self.dialogPath), (_, Self.approvePath):
            return Self.htmlPage(status: 405, title: "Method not allowed", "<p>\(request.method) is not allowed here.</p>")
        default: return nil
        }
    }

    /// What is wrong with the dialog's parameters, in the words of the page that says so; nil when they are fine.
    private static func problem(_ parameters: QueryParameters) -> String? {
        guard parameters.string("client_id") != nil else { return "client_id is required" }
        guard parameters.string("redirect_uri") == desktopRedirect else {
            return "redirect_uri must be \(desktopRedirect) (the desktop redirect)"
        }
        return nil
    }

    private func page(_ parameters: QueryParameters) -> DoubleResponse {
        if let problem = Self.problem(parameters) { return Self.htmlPage(status: 400, title: "Error", "<p>\(problem)</p>") }
        let client = HTMLEntities.escape(parameters.string("client_id") ?? "")
        let scope = parameters.string("scope") ?? ""
        let scopes = scope.split(separator: " ").map { "<li>\(HTMLEntities.escape(String($0)))</li>" }.joined()
        func hidden(_ name: String, _ value: String) -> String {
            "<input type=\"hidden\" name=\"\(name)\" value=\"\(HTMLEntities.escape(value))\">"
        }
        return Self.htmlPage(status: 200, title: "Authorize application", """
            <p>The application <b class="client-id">\(client)</b> asks to use your account with these scopes:</p>
            <ul class="scopes">\(scopes)</ul>
            <form method="post" action="\(Self.approvePath)">
            \(hidden("client_id", parameters.string("client_id") ?? ""))\(hidden("scope", scope))\
            \(hidden("redirect_uri", Self.desktopRedirect))
            <label>Log in as <input type="text" name="user" value="\(Self.defaultUser)"></label>
            <button type="submit" name="decision" value="approve">Approve</button>
            <button type="submit" name="decision" value="decline">Decline</button>
            </form>
            """)
    }

    private func approve(_ parameters: QueryParameters) -> DoubleResponse {
        if let problem = Self.problem(parameters) { return Self.htmlPage(status: 400, title: "Error", "<p>\(problem)</p>") }
        guard parameters.string("decision") != "decline" else {
            return Self.redirect("#error=access_denied&error_description=the+user+declined")
        }
        let scope = (parameters.string("scope") ?? "").split(separator: " ").map(String.init)
        let lifetime = scope.contains("no_expiry") ? nil : TokenBook.defaultLifetime
        let issued = tokens.issue(user: parameters.string("user") ?? Self.defaultUser, scope: scope, lifetime: lifetime)
        return Self.redirect("#access_token=\(issued.token)" + (lifetime.map { "&expires=\($0)" } ?? ""))
    }

    /// `302 Found` to the desktop redirect with `fragment`.
    private static func redirect(_ fragment: String) -> DoubleResponse {
        DoubleResponse(status: 302, headers: ["Location": desktopRedirect + fragment, "Content-Type": "text/plain"], body: Data())
    }

    private static func htmlPage(status: Int, title: String, _ body: String) -> DoubleResponse {
        .plain(status: status, contentType: "text/html; charset=utf-8", text: """
            <!DOCTYPE html>
            <html><head><title>\(title) - stackexchange-double</title></head>
            <body><h1>\(title)</h1>
            \(body)
            </body></html>

            """)
    }
}
