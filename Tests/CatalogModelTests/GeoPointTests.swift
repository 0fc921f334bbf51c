import CatalogModel
import Testing

@Suite struct GeoPointTests {
    static let paris = GeoPoint(latitude: 48.8566, longitude: 2.3522)
    static let london = GeoPoint(latitude: 51.5074, longitude: -0.1278)
    static let newYork = GeoPoint(latitude: 40.7128, longitude: -74.0060)
    static let losAngeles = GeoPoint(latitude: 34.0522, longitude: -118.2437)
    static let sydney = GeoPoint(latitude: -33.8688, longitude: 151.2093)

    @Test("Paris to London is about 343.5 km")
    func parisLondon() {
        #expect(abs(Self.paris.distance(to: Self.london) - 343.5) < 0.5)
    }

    @Test("known city pairs match published great-circle distances", arguments: [
        (newYork, losAngeles, 3936.0),
        (london, newYork, 5570.0),
        (paris, sydney, 16_960.0),
    ])
    func knownPairs(from: GeoPoint, to: GeoPoint, kilometres: Double) {
        // Published figures are rounded to 10 km or so; 0.5% is the sphere's own error.
        #expect(abs(from.distance(to: to) - kilometres) < kilometres * 0.005)
    }

    @Test("distance is symmetric and zero to itself")
    func symmetric() {
        #expect(Self.paris.distance(to: Self.paris) == 0)
        #expect(abs(Self.paris.distance(to: Self.sydney) - Self.sydney.distance(to: Self.paris)) < 1e-9)
    }

    @Test("antipodes are half the circumference apart, to the metre")
    func antipodes() {
        let a = GeoPoint(latitude: 10, longitude: 20)
        let b = GeoPoint(latitude: -10, longitude: -160)
        #expect(abs(a.distance(to: b) - Double.pi * GeoPoint.earthRadiusKilometres) < 0.001)
    }

    @Test("short distances stay precise: 0.001° of latitude is about 111 m")
    func shortDistance() {
        let a = GeoPoint(latitude: 48.8566, longitude: 2.3522)
        let b = GeoPoint(latitude: 48.8576, longitude: 2.3522)
        #expect(abs(a.distance(to: b) - 0.1112) < 0.0005)
    }

    @Test("crossing the date line takes the short way")
    func dateLine() {
        let a = GeoPoint(latitude: 0, longitude: 179.9)
        let b = GeoPoint(latitude: 0, longitude: -179.9)
        #expect(abs(a.distance(to: b) - 22.24) < 0.05)
    }
}
