// Output channel request queue (see Ocrq.hpp).
#include "systemc/Ocrq.hpp"

#include <algorithm>

namespace wormcast {

void Ocrq::enqueue(const OcrqRequest& request) {
    if (contains(request.in_port, request.in_vc))
        throw ModelError("OCRQ: a worm enqueued twice on one output");
    queue_.push_back(request);
}

bool Ocrq::at_head(PortId in_port, VcId in_vc) const {
    std::uint32_t ahead = 0;
    for (const auto& r : queue_) {
        if (r.in_port == in_port && r.in_vc == in_vc) return (ahead & r.vc_mask) == 0;
        ahead |= r.vc_mask;
    }
    throw ModelError("OCRQ: asked about a worm that is not queued");
}

bool Ocrq::uncontested(std::uint32_t vc_mask) const {
    return std::none_of(queue_.begin(), queue_.end(),
                        [&](const OcrqRequest& r) { return (r.vc_mask & vc_mask) != 0; });
}

void Ocrq::remove(PortId in_port, VcId in_vc) {
    auto it = std::find_if(queue_.begin(), queue_.end(), [&](const OcrqRequest& r) {
        return r.in_port == in_port && r.in_vc == in_vc;
    });
    if (it == queue_.end()) throw ModelError("OCRQ: removing a worm that is not queued");
    queue_.erase(it);
}

bool Ocrq::contains(PortId in_port, VcId in_vc) const {
    return std::any_of(queue_.begin(), queue_.end(), [&](const OcrqRequest& r) {
        return r.in_port == in_port && r.in_vc == in_vc;
    });
}

}  // namespace wormcast
