import CatalogModel
import Foundation
import Testing

@Suite struct CatalogClockTests {
    static let december = Date(timeIntervalSince1970: 1_796_126_400)  // 2026-12-01T12:00:00Z

    @Test func aBuildsClockComesFromTheOptionThenSourceDateEpoch() throws {
        let fromOption = try CatalogClock.resolve(option: "2026-12-01T12:00:00Z", environment: ["SOURCE_DATE_EPOCH": "0"]).get()
        #expect(fromOption == Self.december)
        let fromEnvironment = try CatalogClock.resolve(option: nil, environment: ["SOURCE_DATE_EPOCH": "1796126400"]).get()
        #expect(fromEnvironment == Self.december)
        #expect(throws: FieldError.self) { try CatalogClock.resolve(option: nil, environment: ["SOURCE_DATE_EPOCH": "soon"]).get() }
        let wall = try CatalogClock.resolve(option: nil, environment: [:]).get()
        #expect(abs(wall.timeIntervalSinceNow) < 60)
    }

    @Test func theOptionIsCheckedTheSameWayEverywhere() throws {
        #expect(try CatalogClock.moment(option: nil).get() == nil)
        #expect(try CatalogClock.moment(option: "2026-12-01T12:00:00Z").get() == Self.december)
        #expect(throws: FieldError.self) { try CatalogClock.moment(option: "yesterday").get() }
        guard case .failure(let error) = CatalogClock.resolve(option: "yesterday", environment: [:]) else {
            Issue.record("a bad --clock must fail")
            return
        }
        #expect(error.message.hasPrefix("--clock: \"yesterday\""))
    }

    @Test func aServersClockStartsWhereItIsToldAndRunsOn() throws {
        let now = CatalogClock.running(from: Self.december)
        let first = now()
        #expect(first >= Self.december && first.timeIntervalSince(Self.december) < 60)
        Thread.sleep(forTimeInterval: 0.01)
        #expect(now() > first)
        #expect(abs(CatalogClock.running(from: nil)().timeIntervalSinceNow) < 60)
    }
}
