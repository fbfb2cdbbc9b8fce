import Foundation
@testable import StackDouble
import XCTest

/// The double's login (issue 31 part 7): the OAuth dialog's consent page and its redirect, the tokens it issues,
/// `/access-tokens`, `/me` and `/apps/{token}/de-authenticate` with the API's errors, and the token controls.
final class DoubleAuthTests: XCTestCase {
    private let service = DoubleService(configuration: DoubleConfiguration(dumps: nil, recorded: nil))
    private let redirect = "redirect_uri=https%3A%2F%2Fstackexchange.com%2Foauth%2Flogin_success"

    private func get(_ path: String, _ query: String = "") async -> DoubleResponse {
        await service.respond(to: DoubleRequest(path: path, query: query))
    }

    private func json(_ response: DoubleResponse) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: try Gzip.decompress(response.body)) as? [String: Any])
    }

    private func items(_ path: String, _ query: String = "") async throws -> [[String: Any]] {
        let reply = await get(path, query)
        XCTAssertEqual(reply.status, 200, "\(path)?\(query)")
        return try XCTUnwrap(try json(reply)["items"] as? [[String: Any]])
    }

    /// The error id and name `path?query` answers.
    private func error(_ path: String, _ query: String = "") async throws -> (Int?, String?) {
        let body = try json(await get(path, query))
        return (body["error_id"] as? Int, body["error_name"] as? String)
    }

    /// Approves the dialog as `user` with `scope` and returns the redirect's Location.
    private func approve(user: String = "Ada+Lovelace", scope: String = "read_inbox+write_access", decision: String = "approve") async -> String? {
        let form = "client_id=123&scope=\(scope)&\(redirect)&user=\(user)&decision=\(decision)"
        let reply = await service.respond(to: DoubleRequest(method: "POST", path: "/oauth/dialog/approve", body: Data(form.utf8)))
        XCTAssertEqual(reply.status, 302)
        return reply.headers["Location"]
    }

    private func issued(in location: String?) throws -> String {
        let fragment = try XCTUnwrap(location?.split(separator: "#", maxSplits: 1).last)
        let pair = try XCTUnwrap(fragment.split(separator: "&").first { $0.hasPrefix("access_token=") })
        return String(pair.dropFirst("access_token=".count))
    }

    func testTheConsentPageShowsTheClientAndScopesAndPostsTheForm() async {
        let page = await get("/oauth/dialog", "client_id=4242&scope=read_inbox%20no_expiry&\(redirect)")
        XCTAssertEqual(page.status, 200)
        let html = String(decoding: page.body, as: UTF8.self)
        for expected in ["4242", "<li>read_inbox</li>", "<li>no_expiry</li>", "method=\"post\" action=\"/oauth/dialog/approve\"",
                         "value=\"approve\"", "value=\"decline\""] {
            XCTAssertTrue(html.contains(expected), "\(expected) in \(html)")
        }
        let noClient = await get("/oauth/dialog", redirect)
        XCTAssertEqual(noClient.status, 400)
        let otherRedirect = await get("/oauth/dialog", "client_id=1&redirect_uri=https%3A%2F%2Fevil.example%2F")
        XCTAssertEqual(otherRedirect.status, 400)
        let posted = await service.respond(to: DoubleRequest(method: "POST", path: "/oauth/dialog"))
        XCTAssertEqual(posted.status, 405)
    }

    func testApprovingRedirectsWithATokenThatExpiresUnlessNoExpiry() async throws {
        let expiringAnswer = await approve()
        let expiring = try XCTUnwrap(expiringAnswer)
        XCTAssertTrue(expiring.hasPrefix("https://stackexchange.com/oauth/login_success#access_token="), expiring)
        XCTAssertTrue(expiring.hasSuffix("&expires=86400"), expiring)
        let lastingAnswer = await approve(scope: "read_inbox+no_expiry")
        let lasting = try XCTUnwrap(lastingAnswer)
        XCTAssertFalse(lasting.contains("expires"), lasting)
        XCTAssertNotEqual(try issued(in: expiring), try issued(in: lasting))
        let declinedAnswer = await approve(decision: "decline")
        let declined = try XCTUnwrap(declinedAnswer)
        XCTAssertTrue(declined.hasPrefix("https://stackexchange.com/oauth/login_success#error=access_denied"), declined)
    }

    func testTheIssuedTokenInspectsAndNamesItsUser() async throws {
        let token = try issued(in: await approve())
        let inspected = try await items("/2.3/access-tokens/\(token)")
        let info = try XCTUnwrap(inspected.first)
        XCTAssertEqual(info["scope"] as? [String], ["read_inbox", "write_access"])
        XCTAssertNotNil(info["expires_on_date"] as? Int)
        let account = try XCTUnwrap(info["account_id"] as? Int)
        let users = try await items("/2.3/me", "site=stackoverflow&access_token=\(token)&key=k")
        let me = try XCTUnwrap(users.first)
        XCTAssertEqual(me["display_name"] as? String, "Ada Lovelace")
        XCTAssertEqual(me["account_id"] as? Int, account)
        XCTAssertEqual(me["user_id"] as? Int, account, "no dump user of that name: the account's id")
        let again = try issued(in: await approve())
        let secondInfo = try await items("/2.3/access-tokens/\(again)")
        XCTAssertEqual(secondInfo.first?["account_id"] as? Int, account, "one account per name")
    }

    func testMeRefusesWithTheAPIsErrors() async throws {
        let token = try issued(in: await approve())
        let noToken = try await error("/2.3/me", "site=stackoverflow&key=k")
        XCTAssertEqual(noToken.0, 401)
        XCTAssertEqual(noToken.1, "access_token_required")
        let noKey = try await error("/2.3/me", "site=stackoverflow&access_token=\(token)")
        XCTAssertEqual(noKey.1, "key_required")
        let unknown = try await error("/2.3/me", "site=stackoverflow&access_token=nope&key=k")
        XCTAssertEqual(unknown.0, 402)
        XCTAssertEqual(unknown.1, "invalid_access_token")
        let inspected = try await items("/2.3/access-tokens/nope")
        XCTAssertEqual(inspected.count, 0, "an unknown token has no item")
    }

    func testDeauthenticateRevokesAndIsLogged() async throws {
        let token = try issued(in: await approve())
        let revoked = try await items("/2.3/apps/\(token)/de-authenticate")
        XCTAssertEqual(revoked.count, 1)
        let inspected = try await items("/2.3/access-tokens/\(token)")
        XCTAssertEqual(inspected.count, 0)
        let refused = try await error("/2.3/me", "site=stackoverflow&access_token=\(token)&key=k")
        XCTAssertEqual(refused.1, "invalid_access_token")
        let twice = try await items("/2.3/apps/\(token)/de-authenticate")
        XCTAssertEqual(twice.count, 0, "already revoked")
        XCTAssertTrue(service.log.all.contains("GET /2.3/apps/\(token)/de-authenticate"), "\(service.log.all)")
        XCTAssertTrue(service.log.all.contains { $0.hasPrefix("POST /oauth/dialog/approve") }, "\(service.log.all)")
    }

    func testControlsIssueExpiredAndRevokeTokens() async throws {
        let issuedAnswer = try json(await get("/_double/tokens", "user=Grace+Hopper"))
        let token = try XCTUnwrap(issuedAnswer["access_token"] as? String)
        let users = try await items("/2.3/me", "site=cardano&access_token=\(token)&key=k")
        XCTAssertEqual(users.first?["display_name"] as? String, "Grace Hopper")
        let first = try json(await get("/_double/tokens/revoke", "token=\(token)"))
        XCTAssertEqual(first["revoked"] as? Bool, true)
        let second = try json(await get("/_double/tokens/revoke", "token=\(token)"))
        XCTAssertEqual(second["revoked"] as? Bool, false)
        let expiredAnswer = try json(await get("/_double/tokens", "user=Grace+Hopper&expires=0"))
        let expired = try XCTUnwrap(expiredAnswer["access_token"] as? String)
        let refused = try await error("/2.3/me", "site=cardano&access_token=\(expired)&key=k")
        XCTAssertEqual(refused.1, "invalid_access_token")
        let noUser = await get("/_double/tokens")
        XCTAssertEqual(noUser.status, 400, "user is required")
    }
}
