package org.raydb.jdbc.error;

import java.util.List;
import java.util.Locale;

/**
 * Picks the SQLState for a DuckDB error. DuckDB leaves the state {@code null} but starts every engine message
 * with its error type ({@code "Catalog Error: ..."}); the rules below are tried in order and the first whose
 * type matches, and whose marker (when it has one) occurs in the message, wins.
 */
final class DuckDbErrorStates {

    private record Rule(String type, String marker, SqlState state) {
        boolean matches(String message, String lowerCase) {
            return message.startsWith(type) && (marker == null || lowerCase.contains(marker));
        }
    }

    private static final List<Rule> RULES = List.of(
            new Rule("Parser Error:", null, SqlState.SYNTAX_ERROR),
            new Rule("Syntax Error:", null, SqlState.SYNTAX_ERROR),
            new Rule("Catalog Error: Table with name", "does not exist", SqlState.UNDEFINED_TABLE),
            new Rule("Catalog Error: Schema with name", "does not exist", SqlState.INVALID_SCHEMA_NAME),
            new Rule("Catalog Error:", "function with name", SqlState.UNDEFINED_FUNCTION),
            new Rule("Catalog Error:", "already exists", SqlState.DUPLICATE_TABLE),
            new Rule("Catalog Error:", null, SqlState.SYNTAX_ERROR_OR_ACCESS_RULE_VIOLATION),
            new Rule("Binder Error:", "referenced column", SqlState.UNDEFINED_COLUMN),
            new Rule("Binder Error:", "no function matches", SqlState.UNDEFINED_FUNCTION),
            new Rule("Binder Error:", null, SqlState.SYNTAX_ERROR_OR_ACCESS_RULE_VIOLATION),
            new Rule("Constraint Error:", "not null", SqlState.NOT_NULL_VIOLATION),
            new Rule("Constraint Error:", "foreign key", SqlState.FOREIGN_KEY_VIOLATION),
            new Rule("Constraint Error:", "check constraint", SqlState.CHECK_VIOLATION),
            new Rule("Constraint Error:", "unique", SqlState.UNIQUE_VIOLATION),
            new Rule("Constraint Error:", "duplicate key", SqlState.UNIQUE_VIOLATION),
            new Rule("Constraint Error:", null, SqlState.INTEGRITY_CONSTRAINT_VIOLATION),
            new Rule("Conversion Error:", "out of range", SqlState.NUMERIC_VALUE_OUT_OF_RANGE),
            new Rule("Conversion Error:", null, SqlState.INVALID_CHARACTER_VALUE_FOR_CAST),
            new Rule("Out of Range Error:", null, SqlState.NUMERIC_VALUE_OUT_OF_RANGE),
            new Rule("Invalid Input Error:", "division by zero", SqlState.DIVISION_BY_ZERO),
            new Rule("Invalid Input Error:", null, SqlState.INVALID_PARAMETER_VALUE),
            new Rule("Invalid Configuration Error:", null, SqlState.INVALID_PARAMETER_VALUE),
            new Rule("Sequence Error:", null, SqlState.SEQUENCE_GENERATOR_LIMIT_EXCEEDED),
            new Rule("Mismatch Type Error:", null, SqlState.DATATYPE_MISMATCH),
            new Rule("Invalid type Error:", null, SqlState.DATATYPE_MISMATCH),
            new Rule("TransactionContext Error:", "transaction is aborted", SqlState.IN_FAILED_SQL_TRANSACTION),
            new Rule("TransactionContext Error:", "conflict", SqlState.SERIALIZATION_FAILURE),
            new Rule("TransactionContext Error:", null, SqlState.INVALID_TRANSACTION_STATE),
            new Rule("Dependency Error:", null, SqlState.DEPENDENT_OBJECTS_STILL_EXIST),
            new Rule("Permission Error:", null, SqlState.INSUFFICIENT_PRIVILEGE),
            new Rule("Resource In Use Error:", null, SqlState.OBJECT_NOT_IN_STATE),
            new Rule("Not implemented Error:", null, SqlState.FEATURE_NOT_SUPPORTED),
            new Rule("Out of Memory Error:", null, SqlState.OUT_OF_MEMORY),
            new Rule("INTERRUPT Error:", null, SqlState.QUERY_CANCELED),
            new Rule("IO Error:", null, SqlState.IO_ERROR),
            new Rule("INTERNAL Error:", null, SqlState.INTERNAL_ERROR),
            new Rule("FATAL Error:", null, SqlState.INTERNAL_ERROR));

    private DuckDbErrorStates() {}

    /** The state for a DuckDB message; {@link SqlState#GENERAL_ERROR} when no rule knows it. */
    static SqlState of(String message) {
        if (message == null) {
            return SqlState.GENERAL_ERROR;
        }
        String lowerCase = message.toLowerCase(Locale.ROOT);
        for (Rule rule : RULES) {
            if (rule.matches(message, lowerCase)) {
                return rule.state();
            }
        }
        return SqlState.GENERAL_ERROR;
    }
}
