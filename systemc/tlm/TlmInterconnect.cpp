// A memory-mapped TLM-2.0 interconnect on top of the network (see TlmInterconnect.hpp).
#include "systemc/tlm/TlmInterconnect.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "systemc/Network.hpp"

namespace wormcast::tlm_net {

using namespace sc_core;

TlmInterconnect::TlmInterconnect(sc_module_name name, Network& network, AddressMap map)
    : sc_module(name),
      map_(std::move(map)),
      clock_(network.clock()),
      flit_width_(network.params().flit_width) {
    for (const AddressRange& r : map_.ranges())
        if (r.node >= network.nodes())
            throw ConfigError(
                fmt::format("address range at {:#x}: node {} is not in the network "
                            "({} nodes)",
                            r.base, r.node, network.nodes()));
    for (NodeId n = 0; n < network.nodes(); ++n) {
        ports_.push_back(std::make_unique<TlmNodePort>(fmt::format("node{}", n).c_str(), n, *this));
        ports_.back()->to_nic.bind(network.nic(n).host_in);
        network.nic(n).host_out.bind(ports_.back()->from_nic);
    }
}

TlmNodePort& TlmInterconnect::port(NodeId n) {
    if (n >= ports_.size())
        throw ConfigError(fmt::format("node {}: the network has {} nodes", n, ports_.size()));
    return *ports_[n];
}

void TlmInterconnect::end_of_elaboration() {
    for (const AddressRange& r : map_.ranges())
        if (!ports_[r.node]->has_target())
            throw ConfigError(fmt::format(
                "address range [{:#x}, {:#x}]: node {} has no target bound to its initiator socket",
                r.base, r.base + (r.size - 1), r.node));
}

std::size_t TlmInterconnect::outstanding() const {
    std::size_t n = 0;
    for (const auto& p : ports_) n += p->outstanding();
    return n;
}

std::unique_ptr<Transaction> TlmInterconnect::open(tlm::tlm_generic_payload& gp, NodeId source,
                                                   bool blocking) {
    auto refuse = [&](tlm::tlm_response_status status) {
        gp.set_response_status(status);
        return std::unique_ptr<Transaction>();
    };
    const unsigned length = gp.get_data_length();
    const unsigned streaming = gp.get_streaming_width();
    if (length == 0 || gp.get_data_ptr() == nullptr) return refuse(tlm::TLM_GENERIC_ERROR_RESPONSE);
    if (gp.get_byte_enable_ptr() != nullptr && gp.get_byte_enable_length() == 0)
        return refuse(tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
    // A streaming burst (streaming width below the length) touches only its first bytes' addresses.
    const unsigned span = streaming == 0 ? length : std::min(length, streaming);
    const auto range = map_.decode(gp.get_address(), span);
    if (!range) return refuse(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    auto t = std::make_unique<Transaction>();
    t->gp = &gp;
    t->source = source;
    t->blocking = blocking;
    t->address = gp.get_address();
    t->span = span;
    const std::uint64_t offset = gp.get_address() - range->base;
    const MulticastExtension* multicast = gp.get_extension<MulticastExtension>();
    if (!multicast) {
        t->targets = {range->node};
        t->target_addresses = {range->target_base + offset};
    } else {
        if (!gp.is_write()) return refuse(tlm::TLM_COMMAND_ERROR_RESPONSE);
        std::vector<NodeId> nodes = multicast->nodes;
        std::sort(nodes.begin(), nodes.end());
        if (nodes.empty() || std::adjacent_find(nodes.begin(), nodes.end()) != nodes.end())
            return refuse(tlm::TLM_GENERIC_ERROR_RESPONSE);
        // Each node gets the write at the same offset into its first range.
        for (NodeId n : nodes) {
            const auto ranges = n < ports_.size() ? map_.ranges_of(n) : std::vector<AddressRange>{};
            if (ranges.empty() || !ranges.front().contains(ranges.front().base + offset, span))
                return refuse(tlm::TLM_ADDRESS_ERROR_RESPONSE);
            t->targets.push_back(n);
            t->target_addresses.push_back(ranges.front().target_base + offset);
        }
        for (std::size_t i = 0; i < nodes.size(); ++i) {
            auto copy = std::make_unique<tlm::tlm_generic_payload>();
            copy->set_command(gp.get_command());
            copy->set_address(t->target_addresses[i]);
            copy->set_data_ptr(gp.get_data_ptr());
            copy->set_data_length(length);
            copy->set_streaming_width(gp.get_streaming_width());
            copy->set_byte_enable_ptr(gp.get_byte_enable_ptr());
            copy->set_byte_enable_length(gp.get_byte_enable_length());
            copy->set_dmi_allowed(false);
            copy->set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
            t->copies.push_back(std::move(copy));
        }
    }
    t->responses_due = static_cast<unsigned>(t->targets.size());
    if (gp.has_mm()) gp.acquire();
    return t;
}

void TlmInterconnect::sent_request(std::uint32_t multicast, Transaction* t) {
    worms_[multicast] = {false, t, 0};
    worms_of_[t].push_back(multicast);
}

void TlmInterconnect::sent_response(std::uint32_t multicast, Transaction* t,
                                    std::size_t target_index) {
    worms_[multicast] = {true, t, target_index};
}

void TlmInterconnect::worm_delivered(std::uint32_t multicast, NodeId node) {
    const auto it = worms_.find(multicast);
    if (it == worms_.end())
        throw ModelError(
            fmt::format("{}: node {} received worm of multicast {}, which carries no "
                        "transaction (was another host sending on this network?)",
                        name(), node, multicast));
    const Worm worm = it->second;
    Transaction* t = worm.transaction;
    if (worm.response) {
        worms_.erase(it);
        if (node != t->source)
            throw ModelError(fmt::format("{}: a response for node {} was delivered to node {}",
                                         name(), t->source, node));
        ports_[node]->response_arrived(t, worm.target_index);
        return;
    }
    const auto target = std::find(t->targets.begin(), t->targets.end(), node);
    if (target == t->targets.end())
        throw ModelError(
            fmt::format("{}: node {} received a request it was not sent to", name(), node));
    ports_[node]->request_arrived(t, static_cast<std::size_t>(target - t->targets.begin()));
}

void TlmInterconnect::close(Transaction* t) {
    const auto it = worms_of_.find(t);
    if (it == worms_of_.end()) return;
    for (std::uint32_t id : it->second) worms_.erase(id);
    worms_of_.erase(it);
}

}  // namespace wormcast::tlm_net
