public import HTTPTypes

extension HTTPField.Name {
    /// Not among swift-http-types' names; the summary page sets it so its token never leaks in a Referer.
    public static var referrerPolicy: Self { Self("Referrer-Policy")! }
    /// Stripe's webhook signature, `t=…,v1=…`.
    public static var stripeSignature: Self { Self("Stripe-Signature")! }
}
