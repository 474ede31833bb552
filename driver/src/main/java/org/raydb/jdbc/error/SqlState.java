package org.raydb.jdbc.error;

/**
 * Every SQLState the driver raises, in one place (the README's table lists them with the DuckDB errors that
 * map to each). Codes follow SQL:2016 where it has one and PostgreSQL's extensions otherwise, so tools that
 * know either recognise them.
 */
public enum SqlState {
    FEATURE_NOT_SUPPORTED("0A000"),
    CONNECTION_FAILURE("08001"),
    CONNECTION_DOES_NOT_EXIST("08003"),
    DATA_EXCEPTION("22000"),
    NUMERIC_VALUE_OUT_OF_RANGE("22003"),
    DIVISION_BY_ZERO("22012"),
    INVALID_CHARACTER_VALUE_FOR_CAST("22018"),
    INVALID_PARAMETER_VALUE("22023"),
    SEQUENCE_GENERATOR_LIMIT_EXCEEDED("2200H"),
    INTEGRITY_CONSTRAINT_VIOLATION("23000"),
    NOT_NULL_VIOLATION("23502"),
    FOREIGN_KEY_VIOLATION("23503"),
    UNIQUE_VIOLATION("23505"),
    CHECK_VIOLATION("23514"),
    INVALID_TRANSACTION_STATE("25000"),
    READ_ONLY_SQL_TRANSACTION("25006"),
    IN_FAILED_SQL_TRANSACTION("25P02"),
    DEPENDENT_OBJECTS_STILL_EXIST("2BP01"),
    INVALID_SCHEMA_NAME("3F000"),
    SERIALIZATION_FAILURE("40001"),
    SYNTAX_ERROR_OR_ACCESS_RULE_VIOLATION("42000"),
    INSUFFICIENT_PRIVILEGE("42501"),
    SYNTAX_ERROR("42601"),
    UNDEFINED_COLUMN("42703"),
    DATATYPE_MISMATCH("42804"),
    WRONG_OBJECT_TYPE("42809"),
    UNDEFINED_FUNCTION("42883"),
    UNDEFINED_TABLE("42P01"),
    DUPLICATE_TABLE("42P07"),
    OUT_OF_MEMORY("53200"),
    OBJECT_NOT_IN_STATE("55000"),
    QUERY_CANCELED("57014"),
    IO_ERROR("58030"),
    GENERAL_ERROR("HY000"),
    INTERNAL_ERROR("XX000");

    private final String code;

    SqlState(String code) {
        this.code = code;
    }

    /** The five-character SQLState. */
    public String code() {
        return code;
    }
}
