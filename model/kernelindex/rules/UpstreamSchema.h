// KernelIndex's manifest schemas for all 13 kinds, written as kix's own rule tree (read from its
// generated JSON Schemas and the zod source they come from; docs/kernelindex-rules.md). Used by
// checkUpstreamAcceptance; internal to model/.
#pragma once

#include <string_view>
#include <vector>

namespace kix::upstream {

enum class Type {
    Object,  // a closed object: members below, anything else is unknown
    Record,  // an object with free keys (keyFormat) and one value shape
    Array,   // items of one shape, minItems/maxItems
    Tuple,   // exactly tuple.size() items, each its own shape
    String,  // format, maxLength (UTF-16 units), enum or literal
    Integer, // a safe integer, with bound
    Number,  // a finite number, with bound
    Boolean,
    Duration,       // a non-negative safe integer or a duration string (whole nanoseconds)
    Dimension,      // a non-negative safe integer or an axis name
    NumberOrString, // a number, or a string of at most maxLength
};

enum class Format { Any, Token, Slug, Name, Digest, Commit, HttpsUrl, UtcInstant, AxisExpression };

enum class Bound { None, NonNegative, Positive, Ratio };

enum class Refinement {
    None,
    Axis,           // constant axes need a value, derived axes an expression
    Argument,       // exactly one of tensor or scalar
    LatencyCentral, // median or mean
};

struct Node;

struct Member {
    std::string_view name;
    const Node* node;
    bool required;
};

struct Node {
    Type type = Type::String;
    Format format = Format::Any;
    int maxLength = -1;
    std::vector<std::string_view> choices; // enum values (String)
    std::string_view enumLabel;            // what the choices are, for messages ("run statuses")
    std::string_view literal;              // the one allowed value (String), when not empty
    Bound bound = Bound::None;
    std::vector<Member> members; // Object
    Format keyFormat = Format::Any;
    int keyMaxLength = -1;
    const Node* items = nullptr; // Record values, Array items
    int minItems = 0;
    int maxItems = -1;
    std::vector<const Node*> tuple;
    Refinement refinement = Refinement::None;
};

// The spec shape of a kind, or nullptr for a kind KernelIndex does not know.
const Node* specSchema(std::string_view kind);
// The metadata shape shared by every kind.
const Node* metadataSchema();
// The 13 kinds, in KernelIndex's order.
const std::vector<std::string_view>& kinds();

} // namespace kix::upstream
