import Retention
import Testing

@Suite("FetchPolicy")
struct FetchPolicyTests {
    @Test("storeOnly is the one policy that does not allow the network")
    func allowsNetwork() {
        #expect(FetchPolicy.storeOnly.allowsNetwork == false)
        #expect(FetchPolicy.storeOrNetwork.allowsNetwork == true)
        #expect(FetchPolicy.storeAndNetwork.allowsNetwork == true)
        #expect(FetchPolicy.networkOnly.allowsNetwork == true)
        #expect(FetchPolicy.allCases.filter { !$0.allowsNetwork } == [.storeOnly])
    }
}
