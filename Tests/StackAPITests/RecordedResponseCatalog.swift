import Foundation
import XCTest
import StackAPI
import TestSupport

/// Which model each recorded file in `api/` holds, decided by its name and the request it answered.
enum RecordedKind: Equatable {
    case questions, answers, comments, users, sites, info, tags
    /// Responses we have no model for (badges, timelines, notifications, suggested edits, write methods…).
    case json
    /// An error body, and the exact error it must map to.
    case error(APIError)
}

enum RecordedResponseCatalog {
    static let kinds: [String: RecordedKind] = {
        var table: [String: RecordedKind] = [:]
        func add(_ kind: RecordedKind, _ folder: String, _ names: [String]) {
            for name in names { table["\(folder)/\(name).json"] = kind }
        }
        let ruby = "ruby-stackoverflow-vcr", stacman = "stacman-csharp"
        add(.questions, "gaea-search", ["search_advanced_questions"])
        add(.questions, "gcpug-ja.stackoverflow", ["questions_tagged_google-app-engine"])
        add(.questions, "perceval-anonymized", ["stackexchange_question", "stackexchange_question_page",
                                                "stackexchange_question_page_2", "stackexchange_question_backoff_page"])
        // answers.json is one question whose filter nests its 29 answers.
        add(.questions, "stacksearch-so", ["question", "answers"])
        add(.questions, ruby, ["featured_questions", "linked_questions", "noanswered_questions", "questions",
                               "questions_by_ids", "related_questions", "unanswered_questions",
                               "user_top_questions_with_given_tags", "users_favorites_questions",
                               "users_featured_questions", "users_noanswerquestions", "users_questions",
                               "users_unaccepted_questions", "users_unanswered_questions",
                               "spec-fixtures/questions"])
        add(.questions, stacman, ["Notice_test", "Questions_by_id_test", "Questions_get_all_test"])
        add(.answers, ruby, ["questions_answers", "user_top_answers_with_given_tags", "users_answers",
                             "spec-fixtures/questions_answers"])
        add(.answers, stacman, ["Answer_tags_test", "Answer_tags_test_2"])
        // /users/{ids}/mentioned returns comments.
        add(.comments, ruby, ["comments", "comments_by_ids", "questions_comments", "users_comments",
                              "users_mentioned_questions", "users_replied_comments", "spec-fixtures/questions_comments"])
        add(.comments, stacman, ["Comment_delete_test"])
        add(.users, ruby, ["users", "users_by_ids", "spec-fixtures/users"])
        add(.users, stacman, ["Backoff_test", "Backoff_test_2", "Users_get_all_test", "Users_get_associated_test"])
        add(.users, "stackapi-py", ["users_associated"])
        add(.sites, "stackapi-py", ["sites"])
        add(.sites, stacman, ["Sites_get_all_test"])
        add(.info, stacman, ["Info_get_test"])
        add(.tags, ruby, ["users_tags"])
        add(.tags, stacman, ["Tags_get_all_test"])
        add(.json, ruby, ["badges", "badges_by_ids", "badges_by_name", "badges_by_recipients",
                          "badges_by_recipients_by_ids", "badges_by_tags", "timeline_questions", "user_timeline",
                          "user_top_tags_by_answers", "user_top_tags_by_questions", "user_write_permissions",
                          "users_badges", "users_notifications", "users_reputation_questions",
                          "users_suggested_edits", "users_unread_notifications", "spec-fixtures/questions_timeline"])
        // Comment_add_test answers a write method recorded with a filter that drops `comment_id`.
        add(.json, stacman, ["Comment_add_test", "Merge_get_test", "Reputation_history_test",
                             "Test_response_debugging_properties"])
        let noMethod = APIError.api(id: 404, name: "no_method", message: "no method found with this name")
        add(.error(noMethod), ruby, ["error", "spec-fixtures/error"])
        add(.error(.api(id: 400, name: "bad_parameter", message: "A malformed parameter was passed")),
            "gaea-search", ["bad_request"])
        add(.error(.api(id: 405, name: "key_required", message: "`key` is required when `access_token` is passed.")),
            stacman, ["Stack_Exchange_API_Exception_response"])
        return table
    }()

    /// Every recorded file with its path below `api/`; skips the test with a visible message when data is absent.
    static func files() throws -> [(relative: String, url: URL)] {
        guard let api = SharedData.path("api") else { throw XCTSkip("shared data not found: recorded responses") }
        let prefix = api.standardizedFileURL.path + "/"
        return SharedData.recordedResponses.map { url in
            (String(url.standardizedFileURL.path.dropFirst(prefix.count)), url)
        }
    }

    /// The HTTP status the file was served with: from REQUESTS.json when recorded, else 400 for errors, 200 otherwise.
    static func status(of relative: String, kind: RecordedKind, in url: URL) -> Int {
        let index = url.deletingLastPathComponent().appendingPathComponent("REQUESTS.json")
        if let data = try? Data(contentsOf: index),
           let entries = try? JSONDecoder().decode([RecordedRequest].self, from: data),
           let status = entries.first(where: { relative.hasSuffix("/" + $0.file) })?.status {
            return status
        }
        if case .error = kind { return 400 }
        return 200
    }

    private struct RecordedRequest: Decodable {
        var file: String
        var status: Int?
    }

    /// Decodes a file as a wrapper of `Item`, failing the test with the error's summary.
    static func decode<Item: Decodable & Sendable>(
        _ type: Item.Type, _ relative: String, file: StaticString = #filePath, line: UInt = #line
    ) throws -> ResponseWrapper<Item> {
        let url = try files().first { $0.relative == relative }.map(\.url)
        let data = try Data(contentsOf: try XCTUnwrap(url, "missing recorded file \(relative)", file: file, line: line))
        return try ResponseDecoder.decode(type, from: data, httpStatus: 200).get()
    }
}
