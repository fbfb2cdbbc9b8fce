import Foundation

extension APIRequest {
    /// `/questions?sort=activity&min=…`: one page (up to 100, with bodies) of `site`'s questions carrying all of
    /// `tagged` that were active at or after `since`, most recent first — the live list's poll and gap fill. `min`,
    /// not `fromdate`: with the activity sort the API applies `min`/`max` to the last activity date, while
    /// `fromdate` filters creation dates and would miss an older question active again.
    public static func activeQuestions(site: String, tagged: [String] = [], since: Date,
                                       pageSize: Int = maximumPageSize) -> APIRequest {
        var request = questions(site: site, sort: .activity, order: .desc, tagged: tagged, pageSize: pageSize, withBody: true)
        request.query.append(URLQueryItem(name: "min", value: String(APIDate.clampedUnixSeconds(since))))
        request.query.sort { $0.name < $1.name }
        return request
    }
}

extension APIRequest {
    /// `/questions/{ids}?pagesize=100`: up to 100 questions by id without bodies — the score and answer count of
    /// the live rows a message made.
    public static func liveRows(_ ids: [Int], site: String) -> APIRequest {
        var request = questionsByID(Array(ids.prefix(maximumPageSize)), site: site, withBody: false)
        request.query.append(URLQueryItem(name: "pagesize", value: String(maximumPageSize)))
        request.query.sort { $0.name < $1.name }
        return request
    }
}
