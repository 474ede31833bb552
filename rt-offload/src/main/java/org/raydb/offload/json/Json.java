package org.raydb.offload.json;

import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A minimal JSON reader and writer for DuckDB's {@code json_serialize_plan} and {@code json_serialize_sql}
 * output. Objects become {@link LinkedHashMap}s (key order is kept, so a parse tree written back is the tree
 * DuckDB gave us), arrays {@link ArrayList}s, numbers {@link BigDecimal}s (plan constants can be 64-bit
 * unsigned), strings, booleans and {@code null}. DuckDB writes non-finite doubles bare ({@code Infinity},
 * {@code -Infinity}, {@code NaN}); they become {@link Double}s. No dependency is worth it for this much.
 */
public final class Json {

    /** Non-finite doubles as DuckDB writes them (its plans write a NaN constant as {@code NAN}). */
    private static final String[] NON_FINITE = {"Infinity", "-Infinity", "NaN", "NAN", "-NAN"};

    private final String text;
    private int pos;

    private Json(String text) {
        this.text = text;
    }

    /** Parses one JSON document. */
    public static Object parse(String text) {
        Json reader = new Json(text);
        reader.skipSpace();
        Object value = reader.value();
        reader.skipSpace();
        if (reader.pos != text.length()) {
            throw reader.error("trailing characters");
        }
        return value;
    }

    /** Writes a value read by {@link #parse} (or built from the same types) back to JSON text. */
    public static String write(Object value) {
        StringBuilder out = new StringBuilder();
        write(value, out);
        return out.toString();
    }

    /**
     * Reads one value without recursing: a long chain of ANDs nests as deep as it is long in DuckDB's plans,
     * deeper than a thread's stack allows a recursive reader to go.
     */
    private Object value() {
        Deque<Object> open = new ArrayDeque<>();
        Deque<String> keys = new ArrayDeque<>();
        while (true) {
            Object value;
            char c = peek();
            if (c == '{' || c == '[') {
                pos++;
                skipSpace();
                if (peek() == (c == '{' ? '}' : ']')) {
                    pos++;
                    value = c == '{' ? new LinkedHashMap<String, Object>() : new ArrayList<>();
                } else {
                    open.push(c == '{' ? new LinkedHashMap<String, Object>() : new ArrayList<>());
                    if (c == '{') {
                        keys.push(key());
                    }
                    continue;
                }
            } else {
                value = scalar(c);
            }
            // Add the finished value to the containers it completes, innermost first.
            while (true) {
                if (open.isEmpty()) {
                    return value;
                }
                Object container = open.peek();
                boolean object = container instanceof Map<?, ?>;
                add(container, object ? keys.pop() : null, value);
                skipSpace();
                char next = peek();
                pos++;
                if (next == ',') {
                    skipSpace();
                    if (object) {
                        keys.push(key());
                    }
                    break;
                }
                if (next != (object ? '}' : ']')) {
                    throw error(object ? "',' or '}' expected" : "',' or ']' expected");
                }
                value = open.pop();
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static void add(Object container, String key, Object value) {
        if (container instanceof Map<?, ?> map) {
            ((Map<String, Object>) map).put(key, value);
        } else {
            ((List<Object>) container).add(value);
        }
    }

    /** An object's key and its colon, up to the value. */
    private String key() {
        String key = string();
        skipSpace();
        if (peek() != ':') {
            throw error("':' expected");
        }
        pos++;
        skipSpace();
        return key;
    }

    private Object scalar(char c) {
        switch (c) {
            case '"':
                return string();
            case 't':
                expect("true");
                return Boolean.TRUE;
            case 'f':
                expect("false");
                return Boolean.FALSE;
            case 'n':
                expect("null");
                return null;
            default:
                return number();
        }
    }

    private String string() {
        if (peek() != '"') {
            throw error("string expected");
        }
        pos++;
        StringBuilder out = new StringBuilder();
        while (true) {
            char c = next("unterminated string");
            if (c == '"') {
                return out.toString();
            }
            if (c != '\\') {
                out.append(c);
                continue;
            }
            char e = next("unterminated escape");
            switch (e) {
                case 'n' -> out.append('\n');
                case 't' -> out.append('\t');
                case 'r' -> out.append('\r');
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'u' -> out.append(unicode());
                default -> out.append(e);
            }
        }
    }

    private char next(String atEnd) {
        if (pos >= text.length()) {
            throw error(atEnd);
        }
        return text.charAt(pos++);
    }

    private char unicode() {
        if (pos + 4 > text.length()) {
            throw error("unterminated \\u escape");
        }
        try {
            char c = (char) Integer.parseInt(text.substring(pos, pos + 4), 16);
            pos += 4;
            return c;
        } catch (NumberFormatException e) {
            throw error("bad \\u escape");
        }
    }

    private Object number() {
        for (String word : NON_FINITE) {
            if (text.startsWith(word, pos)) {
                pos += word.length();
                return word.endsWith("NAN") ? Double.NaN : Double.valueOf(word);
            }
        }
        int start = pos;
        while (pos < text.length() && "+-0123456789.eE".indexOf(text.charAt(pos)) >= 0) {
            pos++;
        }
        if (start == pos) {
            throw error("value expected");
        }
        try {
            return new BigDecimal(text.substring(start, pos));
        } catch (NumberFormatException e) {
            pos = start;
            throw error("bad number");
        }
    }

    private void expect(String word) {
        if (!text.startsWith(word, pos)) {
            throw error("'" + word + "' expected");
        }
        pos += word.length();
    }

    private char peek() {
        if (pos >= text.length()) {
            throw error("unexpected end");
        }
        return text.charAt(pos);
    }

    private void skipSpace() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException("JSON: " + what + " at offset " + pos);
    }

    @SuppressWarnings("unchecked")
    private static void write(Object value, StringBuilder out) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof Map<?, ?> map) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<String, Object> e : ((Map<String, Object>) map).entrySet()) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                writeString(e.getKey(), out);
                out.append(':');
                write(e.getValue(), out);
            }
            out.append('}');
        } else if (value instanceof List<?> list) {
            out.append('[');
            for (int i = 0; i < list.size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                write(list.get(i), out);
            }
            out.append(']');
        } else if (value instanceof String s) {
            writeString(s, out);
        } else if (value instanceof BigDecimal d) {
            out.append(d.toString());
        } else {
            out.append(value);
        }
    }

    private static void writeString(String s, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
