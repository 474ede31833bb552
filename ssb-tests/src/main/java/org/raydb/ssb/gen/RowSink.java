package org.raydb.ssb.gen;

/** Where generated rows go, column by column in table order. */
interface RowSink {

    RowSink integer(int value);

    RowSink text(String value);

    /** Ends the current row; every column must have been given. */
    void endRow();
}
