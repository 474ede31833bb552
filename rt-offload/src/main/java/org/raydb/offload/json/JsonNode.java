package org.raydb.offload.json;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/** Typed access to a parsed JSON object, with errors that name the missing field. */
public record JsonNode(Map<String, Object> map) {

    @SuppressWarnings("unchecked")
    public static JsonNode of(Object value) {
        if (!(value instanceof Map<?, ?>)) {
            throw new IllegalArgumentException("JSON object expected, got " + value);
        }
        return new JsonNode((Map<String, Object>) value);
    }

    public boolean has(String key) {
        return map.get(key) != null;
    }

    public Object raw(String key) {
        return map.get(key);
    }

    public String str(String key) {
        Object v = map.get(key);
        return v == null ? null : v.toString();
    }

    public long num(String key) {
        Object v = map.get(key);
        if (!(v instanceof BigDecimal d)) {
            throw new IllegalArgumentException("number field '" + key + "' missing");
        }
        return d.longValueExact();
    }

    public JsonNode obj(String key) {
        Object v = map.get(key);
        return v == null ? null : of(v);
    }

    @SuppressWarnings("unchecked")
    public List<Object> list(String key) {
        Object v = map.get(key);
        return v == null ? List.of() : (List<Object>) v;
    }

    public List<JsonNode> nodes(String key) {
        return list(key).stream().map(JsonNode::of).toList();
    }

    /** The dotted path of a {@code qname}-style field ({@code {"path": ["system","main","sum"]}}), last part. */
    public String qnameLast(String key) {
        JsonNode q = obj(key);
        if (q == null) {
            return "";
        }
        List<Object> path = q.list("path");
        return path.isEmpty() ? "" : path.get(path.size() - 1).toString();
    }
}
