#include "ModelFixtures.h"

#include <memory>
#include <utility>

namespace kixtest {

kix::ManifestPtr withCases(QList<kix::CaseResult> cases) {
    auto m = std::make_shared<kix::Manifest>();
    m->run.emplace();
    m->runSpec.cases = std::move(cases);
    return m;
}

} // namespace kixtest
