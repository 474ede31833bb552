package org.raydb.ssb.gen;

import java.util.Arrays;
import java.util.List;
import org.raydb.ssb.schema.Column;
import org.raydb.ssb.schema.SsbTable;

/**
 * The rows of one generated chunk, held column-wise in plain arrays ({@code int[]} for INTEGER columns,
 * {@code String[]} for VARCHAR ones) until they are copied into an Arrow batch.
 */
final class ColumnChunk implements RowSink {

    private final List<Column> columns;
    private final int[][] ints;
    private final String[][] texts;
    private int rows;
    private int column;

    ColumnChunk(SsbTable table, int capacity) {
        this.columns = table.columns();
        this.ints = new int[columns.size()][];
        this.texts = new String[columns.size()][];
        for (int c = 0; c < columns.size(); c++) {
            if (isInteger(c)) {
                ints[c] = new int[capacity];
            } else {
                texts[c] = new String[capacity];
            }
        }
    }

    @Override
    public RowSink integer(int value) {
        ensureCapacity();
        ints[column++][rows] = value;
        return this;
    }

    @Override
    public RowSink text(String value) {
        ensureCapacity();
        texts[column++][rows] = value;
        return this;
    }

    @Override
    public void endRow() {
        if (column != columns.size()) {
            throw new IllegalStateException("row " + rows + " has " + column + " of " + columns.size() + " columns");
        }
        column = 0;
        rows++;
    }

    int rows() {
        return rows;
    }

    boolean isInteger(int c) {
        return columns.get(c).isInteger();
    }

    int[] ints(int c) {
        return ints[c];
    }

    String[] texts(int c) {
        return texts[c];
    }

    private void ensureCapacity() {
        if (column == 0 && rows == capacity()) {
            int grown = Math.max(16, rows * 2);
            for (int c = 0; c < columns.size(); c++) {
                if (ints[c] != null) {
                    ints[c] = Arrays.copyOf(ints[c], grown);
                } else {
                    texts[c] = Arrays.copyOf(texts[c], grown);
                }
            }
        }
    }

    private int capacity() {
        return ints[0] != null ? ints[0].length : texts[0].length;
    }
}
